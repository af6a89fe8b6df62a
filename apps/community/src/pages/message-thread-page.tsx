import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useParams } from '../app/site-router.tsx';
import { RouterLink } from '../components/router-link.tsx';
import { PRIVATE_MESSAGE_MAX_LENGTH } from '@agora/contract';
import { useBlocked, useSession, useSite } from '../app/site-context.tsx';
import { messageRefusalId } from '../components/message-refusal.ts';
import { profilePath } from '../components/profile-link.ts';
import { QueryView, SignInRequiredPanel } from '../components/query-view.tsx';
import type { PrivateMessage } from '../site-api/member-extras-queries.ts';
import type { MemberUserObject } from '../site-api/people-queries.ts';

/** The conversation with one member (`/messages/{username}`): newest at the bottom, older on demand. */
export function MessageThreadPage() {
  const site = useSite();
  const session = useSession();
  const username = useParams().username ?? '';
  const profile = useQuery({
    ...site.queries.profile(username),
    enabled: session !== null && username !== '',
  });
  if (!session) return <SignInRequiredPanel />;
  return <QueryView query={profile}>{(data) => <Conversation other={data.user} />}</QueryView>;
}

function Conversation({ other }: { other: MemberUserObject }) {
  const site = useSite();
  const intl = useIntl();
  const client = useQueryClient();
  const blocked = useBlocked();
  const me = useQuery(site.queries.me()).data;
  const thread = useInfiniteQuery(site.queries.messageThread(other.id));
  const [text, setText] = useState('');
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: ['member', 'pm'] });
  };
  const send = useMutation({
    mutationFn: () => site.call('pm/', { method: 'POST', body: { recipients: [other.id], message: text } }),
    onSuccess: async () => {
      setText('');
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => site.call(`pm/${id}/`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  // Reading the thread marks it seen on the server: the badge and the list follow.
  const updated = thread.dataUpdatedAt;
  useEffect(() => {
    if (updated) void client.invalidateQueries({ queryKey: ['member', 'pm', 'count'] });
  }, [updated, client]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) send.mutate();
  };
  const headingId = 'conversation-heading';
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
        <Avatar src={other.avatar ?? undefined} alt="">
          {other.username.slice(0, 1).toUpperCase()}
        </Avatar>
        <Typography
          id={headingId}
          variant="h4"
          component="h1"
          sx={{ fontSize: { xs: '1.4rem', sm: '2rem' }, overflowWrap: 'anywhere' }}
        >
          <FormattedMessage
            id="site.messages.with"
            values={{
              name: (
                <Link component={RouterLink} to={profilePath(other.username)}>
                  {other.username}
                </Link>
              ),
            }}
          />
        </Typography>
      </Stack>
      <Link component={RouterLink} to="/messages" sx={{ display: 'inline-block', mb: 2 }}>
        <FormattedMessage id="site.messages.all" />
      </Link>
      <QueryView query={thread}>
        {(data) => {
          const seen = new Set<number>();
          const messages = [...data.pages]
            .reverse()
            .flatMap((page) => page.results)
            .filter((m) => (seen.has(m.id) ? false : (seen.add(m.id), true)));
          return (
            <Box component="section" aria-labelledby={headingId}>
              {thread.hasNextPage && (
                <Stack sx={{ alignItems: 'center', mb: 2 }}>
                  <Button
                    variant="text"
                    sx={{ textTransform: 'none' }}
                    disabled={thread.isFetchingNextPage}
                    onClick={() => void thread.fetchNextPage()}
                  >
                    <FormattedMessage id="site.messages.earlier" />
                  </Button>
                </Stack>
              )}
              {messages.length === 0 ? (
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  <FormattedMessage id="site.messages.noneYet" values={{ name: other.username }} />
                </Typography>
              ) : (
                <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0, mb: 3 }}>
                  {messages.map((message) => (
                    <MessageBubble
                      key={message.id}
                      message={message}
                      mine={message.sender.id === me?.id}
                      onDelete={() => remove.mutate(message.id)}
                      deleting={remove.isPending && remove.variables === message.id}
                    />
                  ))}
                </Stack>
              )}
            </Box>
          );
        }}
      </QueryView>
      {remove.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          <FormattedMessage id={messageRefusalId(remove.error)} />
        </Alert>
      )}
      {!blocked && (
        <Stack component="form" spacing={1} onSubmit={submit} noValidate>
          <TextField
            multiline
            minRows={2}
            maxRows={8}
            value={text}
            onChange={(event) => setText(event.target.value)}
            label={intl.formatMessage({ id: 'site.messages.yourMessage' }, { name: other.username })}
            slotProps={{ htmlInput: { maxLength: PRIVATE_MESSAGE_MAX_LENGTH } }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit(event);
            }}
          />
          {send.isError && (
            <Alert severity="error">
              <FormattedMessage id={messageRefusalId(send.error)} />
            </Alert>
          )}
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button
              type="submit"
              variant="contained"
              disabled={send.isPending || text.trim() === ''}
              sx={{ textTransform: 'none' }}
            >
              <FormattedMessage id="site.messages.send" />
            </Button>
          </Stack>
        </Stack>
      )}
    </>
  );
}

function MessageBubble({
  message,
  mine,
  onDelete,
  deleting,
}: {
  message: PrivateMessage;
  mine: boolean;
  onDelete: () => void;
  deleting: boolean;
}) {
  const intl = useIntl();
  const deleted = message.status === 'deleted';
  return (
    <Box component="li" sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}>
      <Box
        sx={{
          maxWidth: { xs: '88%', sm: '75%' },
          px: 2,
          py: 1.25,
          borderRadius: 2,
          border: 1,
          borderColor: mine ? 'primary.main' : 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Typography
          component="span"
          sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
        >
          {mine
            ? intl.formatMessage({ id: 'site.messages.youWrote' })
            : intl.formatMessage({ id: 'site.messages.theyWrote' }, { name: message.sender.username })}
        </Typography>
        {deleted ? (
          <Typography color="text.secondary" sx={{ fontStyle: 'italic' }}>
            <FormattedMessage id="site.messages.deleted" />
          </Typography>
        ) : (
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.message}</Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end', mt: 0.5 }}>
          <Typography variant="caption" color="text.secondary">
            <FormattedDate value={message.created_at} dateStyle="short" timeStyle="short" />
          </Typography>
          {mine && !deleted && (
            <Button
              size="small"
              color="inherit"
              onClick={onDelete}
              disabled={deleting}
              sx={{ textTransform: 'none', minWidth: 0, py: 0, color: 'text.secondary' }}
            >
              <FormattedMessage id="site.messages.delete" />
            </Button>
          )}
        </Stack>
      </Box>
    </Box>
  );
}
