import type { Db } from '../../platform/db/database.ts';
import './member-content.tables.ts';

// The member-content module owns `contributions` and `polls`. A report or export of another module
// that counts or lists contents inside its own statement (the analytics tables, exports and overview)
// composes these sources, `selectFrom(contributionRows(db).as('c'))` or `FROM ${contributionRows(db)} c`
// in raw SQL, instead of naming the tables; PostgreSQL folds each sub-query into the outer statement.

const COLUMNS = [
  'stack_id',
  'id',
  'type',
  'author_id',
  'category_id',
  'title',
  'status',
  'multiple_choices',
  'created_at',
] as const;

/** Every content (discussion, post, status, poll), without its body. */
export function contributionRows(db: Db) {
  return db.selectFrom('contributions').select(COLUMNS);
}

/**
 * The contents that are polls: a poll of its own, or a post or discussion carrying one (attached
 * through the member API); same columns as `contributionRows`.
 */
export function pollContributionRows(db: Db) {
  return db
    .selectFrom('contributions')
    .select(COLUMNS)
    .where((eb) =>
      eb.or([
        eb('contributions.type', '=', 'poll'),
        eb.exists(
          eb
            .selectFrom('polls as p')
            .select('p.contribution_id')
            .whereRef('p.stack_id', '=', 'contributions.stack_id')
            .whereRef('p.contribution_id', '=', 'contributions.id'),
        ),
      ]),
    );
}
