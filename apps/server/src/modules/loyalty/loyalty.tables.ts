import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** The loyalty program's tables (migration 0034, ADR 0026). */
export interface LoyaltyConfigTable {
  stack_id: number;
  points: ColumnType<Record<string, number>, string, string>;
  updated_at: Timestamp;
}
export interface LoyaltyBalancesTable {
  stack_id: number;
  user_id: number;
  points: number;
}
export interface LoyaltyLedgerTable {
  stack_id: number;
  id: Generated<string>;
  user_id: number;
  at: Timestamp;
  points: number;
  action: string;
  request_id: number | null;
  /** What a credit was for when it may be earned once only (migration 0038: the shared content). */
  subject: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface LoyaltyPrizesTable {
  stack_id: number;
  id: Generated<number>;
  title: string;
  points: number;
  link: string;
  description: string;
  image: string;
  active: Generated<boolean>;
  created_at: Timestamp;
  created_by: number | null;
  created_by_username: string | null;
  updated_at: Timestamp;
}
export interface LoyaltyRequestsTable {
  stack_id: number;
  id: Generated<number>;
  user_id: number;
  prize_id: number;
  prize_points: number;
  status: Generated<string>;
  created_at: Timestamp;
  decided_at: Timestamp | null;
  decided_by: number | null;
  decided_by_username: string | null;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    loyalty_config: LoyaltyConfigTable;
    loyalty_balances: LoyaltyBalancesTable;
    loyalty_ledger: LoyaltyLedgerTable;
    loyalty_prizes: LoyaltyPrizesTable;
    loyalty_requests: LoyaltyRequestsTable;
  }
}
