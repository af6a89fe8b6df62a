import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { useLocation } from '../app/site-router.tsx';
import { useSession, useSite } from '../app/site-context.tsx';
import { pageOfSearch } from '../components/feed-list.tsx';
import { NotificationLine } from '../components/notification-line.tsx';
import { QueryView, SignInRequiredPanel } from '../components/query-view.tsx';

/** The member's notifications, newest first; opening the page marks them seen. */
export function NotificationsPage() {
  const site = useSite();
  const session = useSession();
  const client = useQueryClient();
  const page = pageOfSearch(useLocation().search);
  const list = useQuery({ ...site.queries.notifications(page), enabled: session !== null });
  const read = useMutation({
    mutationFn: () => site.call('notification/read/', { method: 'POST', body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['member', 'notifications', 'count'] }),
  });
  const loaded = list.isSuccess;
  const { mutate } = read;
  useEffect(() => {
    if (loaded) mutate();
  }, [loaded, mutate]);
  if (!session) return <SignInRequiredPanel />;
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 3, fontSize: { xs: '1.6rem', sm: '2rem' } }}>
        <FormattedMessage id="site.notifications.title" />
      </Typography>
      <QueryView query={list}>
        {(data) =>
          data.results.length === 0 ? (
            <Typography color="text.secondary">
              <FormattedMessage id="site.notifications.empty" />
            </Typography>
          ) : (
            <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {data.results.flatMap((group) =>
                group.aggregated.map((item) => (
                  <Paper
                    component="li"
                    key={item.sid}
                    variant="outlined"
                    sx={{
                      p: 2,
                      borderLeft: item.is_new ? 4 : 1,
                      borderLeftColor: item.is_new ? 'primary.main' : 'divider',
                    }}
                  >
                    <NotificationLine item={item} object={group.post ?? group.discussion ?? group.status} />
                    <Typography variant="body2" color="text.secondary">
                      <FormattedDate value={item.active_at} dateStyle="medium" timeStyle="short" />
                    </Typography>
                  </Paper>
                )),
              )}
            </Stack>
          )
        }
      </QueryView>
    </>
  );
}
