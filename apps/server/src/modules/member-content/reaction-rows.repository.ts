import type { Db } from '../../platform/db/database.ts';
import './member-content.tables.ts';

// The member-content module owns what members do with contents: comments, votes (appreciations),
// shares, views and poll votes. A report or export of another module that counts or lists them inside
// its own statement (the analytics tables, exports and overview) composes these sources,
// `selectFrom(commentRows(db).as('m'))` or `FROM ${voteRows(db)} v` in raw SQL, instead of naming the
// tables; PostgreSQL folds each sub-query into the outer statement.

/** Every comment: (stack_id, id, contribution_id, author_id, body, created_at). */
export function commentRows(db: Db) {
  return db
    .selectFrom('comments')
    .select(['stack_id', 'id', 'contribution_id', 'author_id', 'body', 'created_at']);
}

/**
 * Every vote (appreciation) of a content or a comment: (stack_id, user_id, target_type, target_id,
 * target_author_id, contribution_id, created_at, reaction_id); `contribution_id` is the content voted or
 * commented, `reaction_id` the reaction the vote carries (null: a plain vote from before reactions).
 */
export function voteRows(db: Db) {
  return db
    .selectFrom('votes')
    .select([
      'stack_id',
      'user_id',
      'target_type',
      'target_id',
      'target_author_id',
      'contribution_id',
      'created_at',
      'reaction_id',
    ]);
}

/** Every share of a content: (stack_id, user_id, contribution_id, created_at). */
export function shareRows(db: Db) {
  return db.selectFrom('shares').select(['stack_id', 'user_id', 'contribution_id', 'created_at']);
}

/** Every view of a content: (stack_id, user_id, contribution_id, created_at). */
export function viewRows(db: Db) {
  return db.selectFrom('views').select(['stack_id', 'user_id', 'contribution_id', 'created_at']);
}

/** Every vote in a poll: (stack_id, user_id, contribution_id, created_at). */
export function pollVoteRows(db: Db) {
  return db.selectFrom('poll_votes').select(['stack_id', 'user_id', 'contribution_id', 'created_at']);
}
