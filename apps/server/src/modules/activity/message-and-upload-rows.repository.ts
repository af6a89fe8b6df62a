import type { Db } from '../../platform/db/database.ts';
import './activity.tables.ts';

// The activity module owns `private_messages` and `uploads`. A report of another module that counts
// them inside its own statement (the analytics tables) composes these sources,
// `FROM ${uploadRows(db)} x` in raw SQL, instead of naming the tables; PostgreSQL folds each
// sub-query into the outer statement.

/** Every private message sent: (stack_id, sender_id, recipient_id, created_at). */
export function privateMessageRows(db: Db) {
  return db.selectFrom('private_messages').select(['stack_id', 'sender_id', 'recipient_id', 'created_at']);
}

/** Every file a member uploaded: (stack_id, user_id, kind, created_at). */
export function uploadRows(db: Db) {
  return db.selectFrom('uploads').select(['stack_id', 'user_id', 'kind', 'created_at']);
}
