import type { Db } from '../../platform/db/database.ts';
import './member-people.tables.ts';

// The member-people module owns `connections`, `follows` and `interests`. A report of another module
// that counts or lists them inside its own statement (the analytics tables, the analytics overview)
// composes these sources, `selectFrom(followRows(db).as('f'))` or `FROM ${followRows(db)} f` in raw
// SQL, instead of naming the tables; PostgreSQL folds each sub-query into the outer statement.

/** Every connection between two members (one row per pair): (stack_id, user_a, user_b, created_at). */
export function connectionRows(db: Db) {
  return db.selectFrom('connections').select(['stack_id', 'user_a', 'user_b', 'created_at']);
}

/** Every follow of a member by a member: (stack_id, follower_id, followed_id, created_at). */
export function followRows(db: Db) {
  return db.selectFrom('follows').select(['stack_id', 'follower_id', 'followed_id', 'created_at']);
}

/** Every category a member follows (interests): (stack_id, user_id, category_id, created_at). */
export function interestRows(db: Db) {
  return db.selectFrom('interests').select(['stack_id', 'user_id', 'category_id', 'created_at']);
}
