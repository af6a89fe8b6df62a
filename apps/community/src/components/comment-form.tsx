import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSite } from '../app/site-context.tsx';
import type { FeedObjectType } from '../site-api/site-shapes.ts';
import { textAsHtml } from './text-as-html.ts';

/** A member comments on a contribution (or replies to a comment); shown to signed-in members only. */
export function CommentForm({ type, id, parent }: { type: FeedObjectType; id: number; parent?: number }) {
  const intl = useIntl();
  const site = useSite();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: () =>
      site.call('comment/', {
        method: 'POST',
        body: { [type]: id, html: textAsHtml(text), ...(parent ? { parent } : {}) },
      }),
    onSuccess: async () => {
      setText('');
      await client.invalidateQueries({ queryKey: ['comments', type, id] });
      await client.invalidateQueries({ queryKey: ['contribution', type, id] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) send.mutate();
  };
  return (
    <Stack component="form" spacing={1.5} onSubmit={submit}>
      <TextField
        label={intl.formatMessage({ id: 'site.comment.label' })}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={2}
      />
      {send.error && (
        <Alert severity="error" role="alert">
          <FormattedMessage id="site.comment.failed" values={{ reason: send.error.message }} />
        </Alert>
      )}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={!text.trim() || send.isPending}>
          <FormattedMessage id={send.isPending ? 'site.comment.sending' : 'site.comment.send'} />
        </Button>
      </Stack>
    </Stack>
  );
}
