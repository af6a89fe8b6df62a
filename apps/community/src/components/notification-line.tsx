import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { RouterLink } from './router-link.tsx';
import type { FeedObject, MemberNotification } from '../site-api/site-shapes.ts';
import { contributionPath, contributionTitle } from './contribution-link.ts';

/** The sentence of a notification type; the moderation ones share one per outcome. */
function messageId(type: string): string {
  if (type.startsWith('deleted_for_')) return 'site.notification.deleted';
  if (type.startsWith('collapsed_for_')) return 'site.notification.collapsed';
  if (type.startsWith('kindly_notice_')) return 'site.notification.kindlyNotice';
  const known: Record<string, string> = {
    comment: 'site.notification.comment',
    nested_comment: 'site.notification.nestedComment',
    vote_up: 'site.notification.voteUp',
    user_follow: 'site.notification.follow',
    connection_request: 'site.notification.connectionRequest',
    connection_accept: 'site.notification.connectionAccept',
    undeleted_for: 'site.notification.restored',
    blocked_user: 'site.notification.blocked',
    unblocked_user: 'site.notification.unblocked',
    mention: 'site.notification.mention',
    private_message: 'site.notification.privateMessage',
  };
  return known[type] ?? 'site.notification.other';
}

/** The five flag reasons a moderation outcome names (`deleted_for_offtopic` → offtopic). */
export const FLAG_REASONS = ['advertising', 'aggressive', 'vulgar', 'poor', 'offtopic'] as const;

function reasonOf(type: string) {
  const reason = FLAG_REASONS.find((r) => type.endsWith(`_${r}`));
  return reason ? <FormattedMessage id={`site.reason.${reason}`} /> : '';
}

/** One notification as a sentence, with a link to what it is about. */
export function NotificationLine({
  item,
  object,
}: {
  item: MemberNotification;
  object: FeedObject | undefined;
}) {
  const about = item.post ?? item.discussion ?? item.status ?? object;
  const actor =
    item.comment?.author?.username ??
    item.user?.username ??
    item.follower?.username ??
    item.request_user?.username ??
    item.accept_user?.username ??
    '';
  // A private message links to the conversation with its sender.
  const title =
    item.type === 'private_message' && actor ? (
      <Link component={RouterLink} to={`/messages/${encodeURIComponent(actor)}`}>
        <FormattedMessage id="site.notification.conversation" />
      </Link>
    ) : about ? (
      <Link component={RouterLink} to={contributionPath(about)}>
        {contributionTitle(about, 60)}
      </Link>
    ) : (
      ''
    );
  if (item.type === 'custom_notification' && item.custom_notification) {
    return (
      <Typography>
        <strong>{item.custom_notification.title}</strong> {item.custom_notification.description}
      </Typography>
    );
  }
  const until = item.blocked_settings?.expire_at;
  return (
    <Typography>
      <FormattedMessage
        id={messageId(item.type)}
        values={{
          actor: <strong>{actor}</strong>,
          title,
          reason: reasonOf(item.type),
          until: until ? <FormattedDate value={until} dateStyle="medium" /> : '—',
          type: item.type,
        }}
      />
    </Typography>
  );
}
