import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSession, useSite } from '../app/site-context.tsx';

/** Whether a banner's link may be followed: web and mail addresses only (as the custom menus). */
const followable = (url: string) => /^(https?:|mailto:|\/)/i.test(url.trim());

/**
 * The member's broadcast banners not yet closed (the console's broadcast messages), newest first:
 * each is marked read once shown, and closing it disposes it for good.
 */
export function BroadcastBanners() {
  const site = useSite();
  const session = useSession();
  const client = useQueryClient();
  const intl = useIntl();
  const banners = useQuery({ ...site.queries.banners(), enabled: session !== null });
  const shown = (banners.data?.results ?? []).filter((b) => b.disposed_at === null);
  const unread = shown.filter((b) => b.viewed_at === null).map((b) => b.id);
  const unreadKey = unread.join(',');
  const read = useMutation({
    mutationFn: (ids: number[]) =>
      site.call('notification/banner/read/', { method: 'POST', body: { banner_ids: ids } }),
  });
  const { mutate: markRead } = read;
  useEffect(() => {
    if (unreadKey) markRead(unreadKey.split(',').map(Number));
  }, [unreadKey, markRead]);
  const dispose = useMutation({
    mutationFn: (id: number) =>
      site.call('notification/banner/dispose/', { method: 'POST', body: { banner_ids: [id] } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['member', 'banners'] }),
  });
  if (!session || shown.length === 0) return null;
  return (
    <Stack
      component="section"
      spacing={1}
      sx={{ mb: 3 }}
      aria-label={intl.formatMessage({ id: 'site.broadcast.label' })}
    >
      {shown.map(({ id, banner }) => (
        <Alert
          key={id}
          severity="info"
          variant="outlined"
          onClose={() => dispose.mutate(id)}
          slotProps={{ closeButton: { title: intl.formatMessage({ id: 'site.broadcast.close' }) } }}
          icon={
            banner.image ? (
              <Box
                component="img"
                src={banner.image}
                alt=""
                sx={{ width: 40, height: 40, objectFit: 'cover' }}
              />
            ) : undefined
          }
        >
          {banner.title && <AlertTitle>{banner.title}</AlertTitle>}
          {banner.body_text && <Box sx={{ whiteSpace: 'pre-wrap' }}>{banner.body_text}</Box>}
          {banner.link && followable(banner.link) && (
            <Link
              href={banner.link}
              {...(banner.open_in_new_tab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {banner.link_text || <FormattedMessage id="site.broadcast.more" />}
            </Link>
          )}
        </Alert>
      ))}
    </Stack>
  );
}
