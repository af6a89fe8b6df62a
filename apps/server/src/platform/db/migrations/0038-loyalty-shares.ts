import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// Social-share points (issue 14 §5, ADR 0026): a member shares a contribution with SelfCommunity's
// `POST /media/ {type: "share"}`, which answers a media with an id, so each share row gets one. The
// loyalty ledger names what a credit was for (`subject`, e.g. the shared contribution); one credit per
// member, action and subject, so a member earns a content's share points once however often they share.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE shares ADD COLUMN id bigserial;
    ALTER TABLE loyalty_ledger ADD COLUMN subject text;
    CREATE UNIQUE INDEX loyalty_ledger_subject_once ON loyalty_ledger (stack_id, user_id, action, subject)
      WHERE subject IS NOT NULL;
  `.execute(db);
}
