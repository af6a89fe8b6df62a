import { expressionBuilder, type AliasableExpression, type Expression, type SqlBool } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import './two-factor.tables.ts';

/**
 * Whether the community requires a second factor that the account has not turned on, as an EXISTS
 * a larger query can select (the community guard asks it with the token and the membership in one
 * round trip, ADR 0013). Same rule as `lacksRequiredSecondFactor`.
 */
export function lacksRequiredSecondFactorColumn(
  accountId: Expression<number | null>,
  stackId: Expression<number | null>,
): AliasableExpression<SqlBool> {
  const eb = expressionBuilder<Database, never>();
  return eb.exists(
    eb
      .selectFrom('stack_two_factor_requirements as r')
      .select('r.stack_id')
      .where('r.stack_id', '=', stackId)
      .where('r.required', '=', true)
      .where((inner) =>
        inner.not(
          inner.exists(
            inner
              .selectFrom('account_two_factor as tf')
              .select('tf.account_id')
              .where('tf.account_id', '=', accountId)
              .where('tf.enabled_at', 'is not', null),
          ),
        ),
      ),
  );
}
