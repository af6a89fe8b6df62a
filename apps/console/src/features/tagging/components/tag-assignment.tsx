import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Tag, TagType } from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { TagContentOrder } from './tag-content-order.tsx';
import { TagObjectsList } from './tag-objects-list.tsx';
import { TagPicker } from './tag-picker.tsx';

/**
 * Pick a tag, then assign it to users, categories or contents — every one of them reachable through
 * the pages and the server's search; contents can be ordered.
 */
export function TagAssignment({ type }: { type: TagType }) {
  const [tag, setTag] = useState<Tag | null>(null);
  return (
    <Box data-testid={`tag-assignment-${type}`} sx={{ display: 'grid', gap: 2, minWidth: 0, maxWidth: 720 }}>
      <TagPicker type={type} value={tag} onChange={setTag} />
      {tag ? (
        <>
          <TagObjectsList key={tag.id} type={type} tag={tag} />
          {type === 'thread' && <TagContentOrder tag={tag} />}
        </>
      ) : (
        <Typography color="text.secondary">
          <FormattedMessage id="tagging.assignment.pickFirst" />
        </Typography>
      )}
    </Box>
  );
}
