import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  TaggingErrorCode,
  TAG_OBJECT_TYPE_OF,
  TAG_ORDER_LIMIT,
  type TagObject,
  type TagType,
} from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isHttpError } from '../../../core/http/http-error.ts';
import { notify } from '../../../core/notices/notice-store.ts';
import { useAssignTagMutation, useOrderTagMutation } from '../api/use-tagging-mutations.ts';
import { useTagObjectsQuery, useTagsQuery } from '../api/use-tagging-queries.ts';

const SEARCH_LABEL = {
  user: { id: 'tagging.assignment.searchUsers' },
  category: { id: 'tagging.assignment.searchCategories' },
  thread: { id: 'tagging.assignment.searchContents' },
};

/** Pick a tag, then assign it to users, categories or contents (with search); contents can be ordered. */
export function TagAssignment({ type }: { type: TagType }) {
  const intl = useIntl();
  const [tagId, setTagId] = useState<number | ''>('');
  const [search, setSearch] = useState('');
  const tags = useTagsQuery(type);
  const objects = useTagObjectsQuery(tagId, search);
  const assign = useAssignTagMutation({
    onError: () => notify({ messageId: 'tagging.error.assign', variant: 'error' }),
  });
  const order = useOrderTagMutation({
    onError: (error) => {
      const tooMany = isHttpError(error) && error.parsed.codes.includes(TaggingErrorCode.tooManyToOrder);
      notify({
        messageId: tooMany ? 'tagging.error.tooManyToOrder' : 'tagging.error.assign',
        variant: 'error',
      });
    },
  });

  const toggle = (object: TagObject) =>
    assign.mutate({
      tagId: Number(tagId),
      objectType: TAG_OBJECT_TYPE_OF[type],
      ids: [object.id],
      on: !object.assigned,
    });

  const assigned = (objects.data?.results ?? []).filter((o) => o.assigned);
  const moveUp = (index: number) => {
    const ids = assigned.map((o) => o.id);
    [ids[index - 1], ids[index]] = [ids[index]!, ids[index - 1]!];
    order.mutate({ tagId: Number(tagId), ids });
  };

  const orderable = type === 'thread' && assigned.length > 1;
  const selectedTag = tags.data?.results.find((t) => t.id === tagId);

  return (
    <Box data-testid={`tag-assignment-${type}`} sx={{ display: 'grid', gap: 2, minWidth: 0, maxWidth: 720 }}>
      <TextField
        select
        name="tag"
        label={intl.formatMessage({ id: 'tagging.assignment.pickTag' })}
        value={tagId}
        onChange={(e) => setTagId(Number(e.target.value))}
      >
        {(tags.data?.results ?? []).map((tag) => (
          <MenuItem key={tag.id} value={tag.id}>
            <Box
              component="span"
              sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: tag.color, mr: 1 }}
            />
            {tag.name}
          </MenuItem>
        ))}
      </TextField>
      {tags.data?.results.length === 0 && (
        <Alert severity="info">
          <FormattedMessage id="tagging.assignment.noTags" />
        </Alert>
      )}
      {tagId !== '' && (
        <>
          <TextField
            size="small"
            name="objectSearch"
            label={intl.formatMessage(SEARCH_LABEL[type])}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          {objects.isError && (
            <Alert severity="error">
              <FormattedMessage id="tagging.error.load" />
            </Alert>
          )}
          <List dense data-testid="tag-objects">
            {(objects.data?.results ?? []).map((object) => (
              <ListItem key={object.id} disablePadding>
                <Checkbox
                  checked={object.assigned}
                  onChange={() => toggle(object)}
                  slotProps={{ input: { 'aria-label': object.label } }}
                />
                <ListItemText primary={object.label} secondary={object.detail} />
              </ListItem>
            ))}
            {objects.data?.results.length === 0 && (
              <ListItem>
                <ListItemText primary={<FormattedMessage id="tagging.empty" />} />
              </ListItem>
            )}
          </List>
          {type === 'thread' && selectedTag && (
            <Box sx={{ display: 'grid', gap: 1 }}>
              <Typography variant="h6" component="h2">
                <FormattedMessage id="tagging.assignment.order" />
              </Typography>
              {selectedTag.assigned_count === 0 && (
                <Typography color="text.secondary">
                  <FormattedMessage id="tagging.assignment.assignFirst" />
                </Typography>
              )}
              {selectedTag.assigned_count > TAG_ORDER_LIMIT && (
                <Alert severity="warning">
                  <FormattedMessage id="tagging.error.tooManyToOrder" />
                </Alert>
              )}
              {orderable && selectedTag.assigned_count <= TAG_ORDER_LIMIT && (
                <List dense data-testid="tag-order">
                  {assigned.map((object, index) => (
                    <ListItem
                      key={object.id}
                      secondaryAction={
                        index > 0 && (
                          <IconButton
                            edge="end"
                            aria-label={intl.formatMessage({ id: 'tagging.action.moveUp' })}
                            onClick={() => moveUp(index)}
                          >
                            <ArrowUpwardOutlined fontSize="small" />
                          </IconButton>
                        )
                      }
                    >
                      <ListItemText primary={`${index + 1}. ${object.label}`} />
                    </ListItem>
                  ))}
                </List>
              )}
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
