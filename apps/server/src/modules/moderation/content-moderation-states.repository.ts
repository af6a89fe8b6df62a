import type { ModeratedContributionType } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import './moderation.tables.ts';

// The moderation module owns `content_moderation`, the moderation state of each content. A query of
// another module that needs the state inside its own statement (what members may see, the flagged
// contents' page) composes `contentModerationRows(db)` instead of naming the table:
// `leftJoin(contentModerationRows(db).as('m'), …)`.

/** Every content's moderation state. */
export function contentModerationRows(db: Db) {
  return db
    .selectFrom('content_moderation')
    .select([
      'stack_id',
      'content_type',
      'content_id',
      'status',
      'moderator_id',
      'motivation',
      'last_moderated_at',
    ]);
}

/** One content's moderation state; undefined while nobody moderated it. */
export async function moderationOf(db: Db, stackId: number, type: ModeratedContributionType, id: number) {
  return db
    .selectFrom('content_moderation')
    .select(['status', 'motivation', 'moderator_id', 'last_moderated_at'])
    .where('stack_id', '=', stackId)
    .where('content_type', '=', type)
    .where('content_id', '=', id)
    .executeTakeFirst();
}
