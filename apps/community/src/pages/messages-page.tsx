import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from '../app/site-router.tsx';
import { RouterLink } from '../components/router-link.tsx';
import { useSession, useSite } from '../app/site-context.tsx';
import { pageOfSearch } from '../components/feed-list.tsx';
import { QueryView, SignInRequiredPanel } from '../components/query-view.tsx';
import { MessagesSearch } from '../components/messages-search.tsx';
import { messagePath } from '../components/message-path.ts';
import { MESSAGE_THREADS_PAGE_SIZE } from '../site-api/member-extras-queries.ts';

/** The member's conversations, newest first, each with the other member, its last words and unseen count. */
export function MessagesPage() {
  const site = useSite();
  const session = useSession();
  const intl = useIntl();
  const page = pageOfSearch(useLocation().search);
  const me = useQuery({ ...site.queries.me(), enabled: session !== null });
  const threads = useQuery({ ...site.queries.messageThreads(page), enabled: session !== null });
  if (!session) return <SignInRequiredPanel />;
  const pages = Math.ceil((threads.data?.count ?? 0) / MESSAGE_THREADS_PAGE_SIZE);
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 3, fontSize: { xs: '1.6rem', sm: '2rem' } }}>
        <FormattedMessage id="site.messages.title" />
      </Typography>
      <MessagesSearch />
      <QueryView query={threads}>
        {(data) =>
          data.results.length === 0 ? (
            <Typography color="text.secondary">
              <FormattedMessage id="site.messages.empty" />
            </Typography>
          ) : (
            <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {data.results.map((thread) => {
                const other = thread.sender.id === me.data?.id ? thread.receiver : thread.sender;
                const mine = thread.sender.id === me.data?.id;
                return (
                  <Paper
                    component="li"
                    key={thread.thread_id}
                    variant="outlined"
                    sx={{
                      p: 2,
                      borderLeft: thread.unseen_count > 0 ? 4 : 1,
                      borderLeftColor: thread.unseen_count > 0 ? 'primary.main' : 'divider',
                    }}
                  >
                    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
                      <Badge badgeContent={thread.unseen_count} color="secondary">
                        <Avatar src={other.avatar ?? undefined} alt="">
                          {other.username.slice(0, 1).toUpperCase()}
                        </Avatar>
                      </Badge>
                      <Stack sx={{ minWidth: 0, flexGrow: 1 }}>
                        <Link
                          component={RouterLink}
                          to={messagePath(other.username)}
                          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                          aria-label={intl.formatMessage(
                            { id: 'site.messages.threadWith' },
                            { name: other.username, count: thread.unseen_count },
                          )}
                        >
                          {other.username}
                        </Link>
                        <Typography
                          variant="body2"
                          color="text.secondary"
                          sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                        >
                          {mine && <FormattedMessage id="site.messages.you" />}
                          {thread.message === '' ? (
                            <FormattedMessage id="site.messages.deleted" />
                          ) : (
                            thread.headline
                          )}
                        </Typography>
                      </Stack>
                      <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
                        <FormattedDate value={thread.last_message_at} dateStyle="short" />
                      </Typography>
                    </Stack>
                  </Paper>
                );
              })}
            </Stack>
          )
        }
      </QueryView>
      {pages > 1 && (
        <Stack direction="row" spacing={2} sx={{ mt: 3, justifyContent: 'center' }}>
          {page > 1 && (
            <Link component={RouterLink} to={`/messages?page=${page - 1}`}>
              <FormattedMessage id="site.messages.newer" />
            </Link>
          )}
          {page < pages && (
            <Link component={RouterLink} to={`/messages?page=${page + 1}`}>
              <FormattedMessage id="site.messages.older" />
            </Link>
          )}
        </Stack>
      )}
    </>
  );
}
