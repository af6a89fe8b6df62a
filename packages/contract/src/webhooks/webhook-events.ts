/**
 * SelfCommunity's webhook event catalogue (`GET /api/v2/webhook/endpoint/event/` and the per-topic
 * pages of its developer docs): an endpoint subscribes to some of these names, and every event this
 * server records carries one of them as its `type`.
 */
const CONTENT_EVENTS = ['discussion', 'post', 'status'].flatMap((kind) =>
  ['created', 'updated', 'deleted', 'restored', 'follow', 'unfollow', 'suspend', 'unsuspend'].map(
    (what) => `${kind}.${what}`,
  ),
);
const FLAG_REASONS = ['advertising', 'aggressive', 'vulgar', 'poor', 'offtopic'];

export const WEBHOOK_EVENT_TYPES: readonly string[] = [
  'comment.created',
  'comment.updated',
  'comment.deleted',
  'comment.restored',
  'category.created',
  'category.updated',
  'category.deleted',
  'category.follow',
  'category.unfollow',
  'connection_request.created',
  'connection_request.rejected',
  'connection_request.restored',
  'connection_request.cancelled',
  'connection.created',
  'connection.deleted',
  'connection.follow',
  'connection.unfollow',
  ...CONTENT_EVENTS,
  'poll_vote.created',
  'poll_vote.deleted',
  'vote.created',
  'vote.deleted',
  'user.created',
  'user.updated',
  'user.deleted',
  'user.settings_updated',
  'user.score_updated',
  'user.loyalty_points_updated',
  'loyalty.prize.created',
  'loyalty.prize.updated',
  'loyalty.prize_request.created',
  'loyalty.prize_request.updated',
  'notification.banner.sent',
  'notification.contribution',
  'notification.comment',
  'notification.nested_comment',
  'notification.mention',
  'notification.vote_up',
  'notification.follow',
  'notification.private_message',
  ...FLAG_REASONS.map((r) => `notification.deleted_for_${r}`),
  'notification.undeleted_for',
  ...FLAG_REASONS.map((r) => `notification.collapsed_for_${r}`),
  'notification.connection_request',
  'notification.connection_accept',
  'notification.user_follow',
  ...FLAG_REASONS.map((r) => `notification.kindly_notice_${r}`),
  'notification.blocked_user',
  'notification.unblocked_user',
  'notification.custom_notification',
  'custom_file.created',
  'custom_file.deleted',
  'custom_menu.created',
  'custom_menu.updated',
  'custom_menu.deleted',
  'custom_page.created',
  'custom_page.updated',
  'custom_page.deleted',
  'dynamic_preference.updated',
  'feature.updated',
  'legal_page.created',
  'legal_page.updated',
];

export type WebhookEventType = string;

const KNOWN = new Set(WEBHOOK_EVENT_TYPES);
export function isWebhookEventType(type: string): boolean {
  return KNOWN.has(type);
}
