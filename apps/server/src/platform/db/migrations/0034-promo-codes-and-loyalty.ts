import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// Promo codes and the loyalty program (issue 14 §4, §5; ADR 0026).
// - promo_codes: a code unique in its community whatever its case, the user tags it gives at sign-up.
// - loyalty_config: points per action. loyalty_balances: a member's spendable points, one row each,
//   never below zero (a request spends with a conditional update of this row). loyalty_ledger: every
//   change of a balance; a request's refund is unique per request, so points come back once.
// - loyalty_prizes and loyalty_requests: what members ask for and the staff's decision.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE promo_codes (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id serial NOT NULL UNIQUE,
      name text NOT NULL,
      code text NOT NULL,
      tag_ids integer[] NOT NULL DEFAULT '{}',
      valid_from timestamptz NOT NULL,
      valid_to timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      created_by_username text,
      PRIMARY KEY (stack_id, id),
      CHECK (valid_to > valid_from)
    );
    CREATE UNIQUE INDEX promo_codes_code_key ON promo_codes (stack_id, lower(code));
    CREATE TABLE loyalty_config (
      stack_id integer PRIMARY KEY REFERENCES stacks (id) ON DELETE CASCADE,
      points jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE loyalty_balances (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      user_id integer NOT NULL,
      points integer NOT NULL DEFAULT 0 CHECK (points >= 0),
      PRIMARY KEY (stack_id, user_id)
    );
    CREATE TABLE loyalty_prizes (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id serial NOT NULL UNIQUE,
      title text NOT NULL,
      points integer NOT NULL CHECK (points > 0),
      link text NOT NULL,
      description text NOT NULL,
      image text NOT NULL,
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      created_by_username text,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stack_id, id)
    );
    CREATE TABLE loyalty_requests (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id serial NOT NULL UNIQUE,
      user_id integer NOT NULL,
      prize_id integer NOT NULL,
      prize_points integer NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'refused')),
      created_at timestamptz NOT NULL DEFAULT now(),
      decided_at timestamptz,
      decided_by integer,
      decided_by_username text,
      PRIMARY KEY (stack_id, id),
      FOREIGN KEY (stack_id, prize_id) REFERENCES loyalty_prizes (stack_id, id)
    );
    CREATE INDEX loyalty_requests_user ON loyalty_requests (stack_id, user_id, id);
    CREATE TABLE loyalty_ledger (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id bigserial NOT NULL,
      user_id integer NOT NULL,
      at timestamptz NOT NULL,
      points integer NOT NULL,
      action text NOT NULL,
      request_id integer,
      PRIMARY KEY (stack_id, id)
    );
    CREATE UNIQUE INDEX loyalty_ledger_request_once ON loyalty_ledger (stack_id, request_id, action)
      WHERE request_id IS NOT NULL;
    CREATE INDEX loyalty_ledger_user ON loyalty_ledger (stack_id, user_id, at);
  `.execute(db);
}
