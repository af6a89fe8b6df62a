import type { FlagReason } from '../moderation/moderation-schemas.ts';

/**
 * SelfCommunity's webhook event catalogue (`GET /api/v2/webhook/endpoint/event/` and the per-topic
 * pages of its developer docs), plus Agora's own `tag.*` names (ADR 0034): an endpoint subscribes to
 * some of these names, and every event this server records carries one of them as its `type`.
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
  // Agora's own names (ADR 0034): SelfCommunity has tags but no event for them.
  'tag.created',
  'tag.updated',
  'tag.assigned',
  'tag.removed',
];

/**
 * Catalogue names Agora never records because it has no action that would cause them (ADR 0034).
 * An endpoint may still subscribe to them (SelfCommunity's clients send them), it just hears nothing.
 * A test (`webhook-event-coverage.test.ts`) fails when a catalogue name is neither proven emitted by
 * a real action in a test nor listed here, so a new name cannot silently go unemitted.
 */
export const WEBHOOK_EVENTS_NOT_EMITTED: readonly string[] = [
  // Members cannot edit a comment, a post, a discussion or a status (no PUT/PATCH in the member API,
  // no edit in the console); removing one is moderation, which sends `{type}.deleted`.
  'comment.updated',
  'discussion.updated',
  'post.updated',
  'status.updated',
  // No content follow: members follow members and categories, not a single post or discussion.
  ...['discussion', 'post', 'status'].flatMap((kind) => [`${kind}.follow`, `${kind}.unfollow`]),
  // No suspension of a content (SelfCommunity's "suspend notifications for this content").
  ...['discussion', 'post', 'status'].flatMap((kind) => [`${kind}.suspend`, `${kind}.unsuspend`]),
  // A rejected or cancelled connection request is deleted: there is nothing to restore.
  'connection_request.restored',
  // No mentions parsed in texts; no feed notification of a followed member's or category's new
  // contribution (a fan-out to every follower, which Agora's member API does not offer); no content
  // followers to notify.
  'notification.mention',
  'notification.contribution',
  'notification.follow',
];

/** SelfCommunity's reason word in `notification.*_for_{reason}` for each of Agora's flag reasons. */
export const NOTIFICATION_REASON: Record<FlagReason, string> = {
  spam: 'advertising',
  aggressive: 'aggressive',
  vulgar: 'vulgar',
  poor_content: 'poor',
  offtopic: 'offtopic',
};

export type WebhookEventType = string;

const KNOWN = new Set(WEBHOOK_EVENT_TYPES);
export function isWebhookEventType(type: string): boolean {
  return KNOWN.has(type);
}
