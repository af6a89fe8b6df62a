import { SCORING_MESSAGES, type ScoreAction } from '@agora/contract';

/** Label of each scored action (static ids so the language check finds them). */
export const ACTION_LABELS: Record<ScoreAction | 'manual', { id: string }> = {
  publish_article: { id: 'scoring.action.publish_article' },
  publish_post: { id: 'scoring.action.publish_post' },
  like_article_received: { id: 'scoring.action.like_article_received' },
  like_post_received: { id: 'scoring.action.like_post_received' },
  like_comment_received: { id: 'scoring.action.like_comment_received' },
  like_reply_received: { id: 'scoring.action.like_reply_received' },
  publish_comment: { id: 'scoring.action.publish_comment' },
  publish_reply: { id: 'scoring.action.publish_reply' },
  connection: { id: 'scoring.action.connection' },
  new_follower: { id: 'scoring.action.new_follower' },
  app_used: { id: 'scoring.action.app_used' },
  daily_visit: { id: 'scoring.action.daily_visit' },
  content_removed: { id: 'scoring.action.content_removed' },
  manual: { id: 'scoring.action.manual' },
};

/** The contract's rule messages, translated. */
export const RULE_MESSAGES: Record<string, { id: string }> = {
  [SCORING_MESSAGES.invalidPoints]: { id: 'scoring.error.invalidPoints' },
  [SCORING_MESSAGES.zeroRefused]: { id: 'scoring.error.zeroRefused' },
  [SCORING_MESSAGES.penaltyPositive]: { id: 'scoring.error.penaltyPositive' },
  [SCORING_MESSAGES.invalidDaily]: { id: 'scoring.error.invalidDaily' },
  [SCORING_MESSAGES.invalidScore]: { id: 'scoring.error.invalidScore' },
  [SCORING_MESSAGES.commentRequired]: { id: 'scoring.error.commentRequired' },
  [SCORING_MESSAGES.commentTooLong]: { id: 'scoring.error.commentTooLong' },
};
