import {
  AppSettingsErrorCode,
  APP_MIN_OS,
  APP_REQUEST_ERROR_MESSAGE,
  APP_STORE_URL_PREFERENCE,
  canMoveAppRequest,
  canSendAppRequest,
  checkAppAccounts,
  type AppPlatform,
  type AppRequest,
  type AppRequestStatus,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError, errorEntry } from '../../platform/errors/app-error.ts';
import { findStack } from '../stacks/stack-row.repository.ts';
import * as repo from './app-settings.repository.ts';

/** Code of the general entry answered when the store accounts are refused. */
export const INVALID_ACCOUNTS_CODE = AppSettingsErrorCode.invalidAccounts;
/** Code answered when a request cannot change from its current state. */
export const INVALID_TRANSITION_CODE = AppSettingsErrorCode.invalidTransition;

/** A community's requests for its mobile apps (spec mgmt §2-§4, §8-§9). */
export function createAppSettingsService({ db, clock }: Pick<PlatformDeps, 'db' | 'clock'>) {
  async function read(stackId: number, platform: AppPlatform): Promise<AppRequest> {
    const row = await repo.findAppRequest(db, stackId, platform);
    const history = row ? await repo.appRequestHistory(db, stackId, platform) : [];
    return {
      platform,
      status: row?.status ?? null,
      account: row?.account ?? {},
      sent_at: row ? row.sent_at.toISOString() : null,
      updated_at: row ? row.updated_at.toISOString() : null,
      history: history.map((event) => ({
        status: event.status as AppRequestStatus,
        at: event.at.toISOString(),
      })),
      can_send: canSendAppRequest(row?.status ?? null),
      min_os: APP_MIN_OS[platform],
      store_url_preference: APP_STORE_URL_PREFERENCE[platform],
    };
  }

  return {
    get: read,

    /** Sends the request (again): refused with the spec's message when the accounts are not valid. */
    async send(stackId: number, platform: AppPlatform, body: Record<string, unknown>, accountId: number) {
      const check = checkAppAccounts(platform, body);
      if (!check.ok) {
        throw new AppError(400, [
          errorEntry(INVALID_ACCOUNTS_CODE, APP_REQUEST_ERROR_MESSAGE),
          ...check.problems.map((p) => errorEntry(p.code, p.message, p.field)),
        ]);
      }
      const sent = await repo.sendAppRequest(db, {
        stackId,
        platform,
        account: check.account,
        accountId,
        at: clock.now(),
        allowedFrom: canSendAppRequest,
      });
      if (!sent) {
        throw AppError.of(
          409,
          INVALID_TRANSITION_CODE,
          'The request is already being handled and cannot be sent again now.',
        );
      }
      return read(stackId, platform);
    },

    /** The provider team moves a request along its states; other moves are refused. */
    async move(stackId: number, platform: AppPlatform, to: AppRequestStatus, accountId: number) {
      if (!(await findStack(db, stackId))) throw AppError.notFound('This community is not found');
      const result = await repo.moveAppRequest(db, {
        stackId,
        platform,
        to,
        accountId,
        at: clock.now(),
        allowed: (from) => canMoveAppRequest(from, to),
      });
      if (!result.from) throw AppError.notFound('This community has not sent a request for this app.');
      if (!result.moved) {
        throw AppError.of(
          409,
          INVALID_TRANSITION_CODE,
          `A request in state "${result.from}" cannot move to "${to}".`,
          'status',
        );
      }
      return read(stackId, platform);
    },
  };
}

export type AppSettingsService = ReturnType<typeof createAppSettingsService>;
