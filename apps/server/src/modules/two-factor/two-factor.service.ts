import {
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TWO_FACTOR_CHALLENGE_MAX_ATTEMPTS,
  TWO_FACTOR_CHALLENGE_TTL_SECONDS,
  TwoFactorErrorCode,
  twoFactorPaths,
  type RecoveryCodes,
  type TwoFactorChallenge,
  type TwoFactorEnrolment,
  type TwoFactorRequirement,
  type TwoFactorStatus,
} from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { digestToken, newOpaqueToken } from '../../platform/auth/opaque-token.ts';
import { throttleKeys, type SignInThrottle } from '../auth/sign-in-throttle.service.ts';
import type { StacksService } from '../stacks/stacks.service.ts';
import * as repo from './two-factor.repository.ts';
import { matchTotp, newTotpSecret, qrSvgDataUrl, totpUri } from './totp.ts';
import { digestRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes } from './recovery-code.ts';
import { recordAccountEvent, type AccountActor } from './two-factor-audit.ts';

export interface TwoFactorDeps {
  db: Db;
  clock: Clock;
  secretBox: SecretBox;
  throttle: SignInThrottle;
  stacks: StacksService;
  /** Shown by authenticator apps next to the account (`Agora`). */
  issuer: string;
  /** The deployment's host, so two deployments' entries differ in the app. */
  host: string;
}

export interface AccountRef {
  id: number;
  username: string;
}

/** Which kind of code passed. */
type CodeMatch = { kind: 'totp' } | { kind: 'recovery_code' };

const invalidCode = () =>
  AppError.of(400, TwoFactorErrorCode.invalidCode, 'This code is wrong, expired or already used.', 'code');
const notEnabled = () =>
  AppError.of(400, TwoFactorErrorCode.notEnabled, 'Two-step verification is not turned on.');
const invalidChallenge = () =>
  AppError.of(
    400,
    TwoFactorErrorCode.invalidChallenge,
    'This sign-in has expired. Enter your password again.',
    'challenge',
  );

export function createTwoFactorService(deps: TwoFactorDeps) {
  const { db, clock, secretBox, throttle } = deps;

  /**
   * Checks a code against the account's enabled factor inside `trx`: a TOTP code of a step not yet
   * used (the step is taken), or — when allowed — an unused recovery code (it is spent).
   */
  async function matchCode(
    trx: Db,
    accountId: number,
    code: string,
    allowRecovery: boolean,
  ): Promise<CodeMatch | null> {
    const row = await repo.findTwoFactor(trx, accountId);
    if (!row?.enabled_at) throw notEnabled();
    const now = clock.now();
    if (allowRecovery && looksLikeRecoveryCode(code)) {
      const used = await repo.useRecoveryCode(trx, accountId, digestRecoveryCode(accountId, code), now);
      return used ? { kind: 'recovery_code' } : null;
    }
    const step = await matchTotp(
      secretBox.open(row.secret_sealed),
      code.replace(/\s/g, ''),
      now,
      row.last_used_step,
    );
    if (step === null || !(await repo.takeTimeStep(trx, accountId, step, now))) return null;
    return { kind: 'totp' };
  }

  /**
   * Runs `change` (which checks the code) with the sign-in throttle counting the code: a wrong one is
   * a failed sign-in attempt of the account, so codes cannot be guessed faster than passwords.
   */
  async function counted<T>(accountId: number, ip: string, change: () => Promise<T | null>): Promise<T> {
    const attempt = await throttle.reserveOrThrow(throttleKeys.account(accountId), ip);
    const result = await change();
    if (result === null) throw invalidCode();
    await throttle.succeed(attempt);
    return result;
  }

  async function freshRecoveryCodes(trx: Db, accountId: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    const hashes = codes.map((code) => digestRecoveryCode(accountId, code));
    await repo.replaceRecoveryCodes(trx, accountId, hashes, clock.now());
    return codes;
  }

  /** Runs a change and its audit entries (one per community of the account) as one transaction. */
  async function audited<T>(
    actor: AccountActor,
    route: string,
    change: (trx: Db) => Promise<{ result: T; details: Record<string, unknown> } | null>,
  ): Promise<T | null> {
    const communities = await deps.stacks.listForAccount(actor.accountId);
    return db.transaction().execute(async (trx) => {
      const done = await change(trx);
      if (done === null) return null;
      await recordAccountEvent(trx, clock, communities, actor, { route, details: done.details });
      return done.result;
    });
  }

  async function isEnabled(accountId: number): Promise<boolean> {
    return !!(await repo.findTwoFactor(db, accountId))?.enabled_at;
  }

  async function requirement(stackId: number): Promise<TwoFactorRequirement> {
    return {
      required: (await repo.findRequirement(db, stackId))?.required ?? false,
      staff_without_two_factor: await repo.staffWithoutSecondFactor(db, stackId),
    };
  }

  return {
    async status(accountId: number): Promise<TwoFactorStatus> {
      const row = await repo.findTwoFactor(db, accountId);
      const enabled = !!row?.enabled_at;
      return {
        enabled,
        enabled_at: row?.enabled_at ? row.enabled_at.toISOString() : null,
        recovery_codes_left: enabled ? await repo.countUnusedRecoveryCodes(db, accountId) : 0,
        required_by: await repo.communitiesRequiring(db, accountId),
      };
    },

    /** A new secret (replacing an unconfirmed one), shown once; refused while the factor is on. */
    async startEnrolment(account: AccountRef): Promise<TwoFactorEnrolment> {
      const secret = newTotpSecret();
      const saved = await repo.savePendingSecret(db, account.id, secretBox.seal(secret), clock.now());
      if (!saved) {
        throw AppError.of(
          409,
          TwoFactorErrorCode.alreadyEnabled,
          'Two-step verification is already on. Turn it off first to set up a new app.',
        );
      }
      const uri = totpUri(secret, deps.issuer, `${account.username}@${deps.host}`);
      return {
        secret,
        otpauth_uri: uri,
        qr_svg: await qrSvgDataUrl(uri),
        digits: TOTP_DIGITS,
        period: TOTP_PERIOD_SECONDS,
      };
    },

    /** The first code from the app turns the factor on; the ten recovery codes are answered once. */
    async confirmEnrolment(actor: AccountActor & { ip: string }, code: string): Promise<RecoveryCodes> {
      const pending = await repo.findTwoFactor(db, actor.accountId);
      if (!pending) throw notEnabled();
      if (pending.enabled_at) {
        throw AppError.of(409, TwoFactorErrorCode.alreadyEnabled, 'Two-step verification is already on.');
      }
      const secret = secretBox.open(pending.secret_sealed);
      const codes = await counted(actor.accountId, actor.ip, () =>
        audited(actor, twoFactorPaths.confirm, async (trx) => {
          const now = clock.now();
          const step = await matchTotp(secret, code.replace(/\s/g, ''), now, pending.last_used_step);
          if (step === null || !(await repo.takeTimeStep(trx, actor.accountId, step, now))) return null;
          if (!(await repo.markEnabled(trx, actor.accountId, now))) return null;
          const result = await freshRecoveryCodes(trx, actor.accountId);
          return { result, details: { two_factor: 'enabled', recovery_codes: RECOVERY_CODE_COUNT } };
        }),
      );
      return { recovery_codes: codes };
    },

    /** New recovery codes for a current TOTP code; the old ones stop working. */
    async regenerateRecoveryCodes(
      actor: AccountActor & { ip: string },
      code: string,
    ): Promise<RecoveryCodes> {
      const codes = await counted(actor.accountId, actor.ip, () =>
        audited(actor, twoFactorPaths.recoveryCodes, async (trx) => {
          if (!(await matchCode(trx, actor.accountId, code, false))) return null;
          const result = await freshRecoveryCodes(trx, actor.accountId);
          return { result, details: { recovery_codes: 'regenerated' } };
        }),
      );
      return { recovery_codes: codes };
    },

    /** Turns the factor off for a current TOTP code or an unused recovery code. */
    async disable(actor: AccountActor & { ip: string }, code: string): Promise<void> {
      await counted(actor.accountId, actor.ip, () =>
        audited(actor, twoFactorPaths.disable, async (trx) => {
          const match = await matchCode(trx, actor.accountId, code, true);
          if (!match) return null;
          await repo.deleteTwoFactor(trx, actor.accountId);
          return { result: true, details: { two_factor: 'disabled', with: match.kind } };
        }),
      );
    },

    isEnabled,

    /** After a correct password (or SSO ticket): a one-time challenge when the account has a factor. */
    async challengeIfEnabled(
      accountId: number,
      stackId: number | null,
    ): Promise<TwoFactorChallenge | undefined> {
      if (!(await isEnabled(accountId))) return undefined;
      const challenge = newOpaqueToken('ag2fa');
      const now = clock.now();
      await repo.insertChallenge(db, {
        hash: digestToken(challenge),
        accountId,
        stackId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + TWO_FACTOR_CHALLENGE_TTL_SECONDS * 1000),
      });
      return { two_factor_required: true, challenge, expires_in: TWO_FACTOR_CHALLENGE_TTL_SECONDS };
    },

    /**
     * The sign-in's second step: the challenge and a code (TOTP or recovery). A wrong code counts on
     * the account's sign-in throttle and on the challenge (spent after a few). Answers whose sign-in
     * it completes, and the community when it began with an SSO ticket.
     */
    async completeChallenge(
      challenge: string,
      code: string,
      ip: string,
    ): Promise<{ accountId: number; stackId: number | null }> {
      const hash = digestToken(challenge);
      const open = await repo.findOpenChallenge(db, hash, clock.now(), TWO_FACTOR_CHALLENGE_MAX_ATTEMPTS);
      if (!open) throw invalidChallenge();
      const attempt = await throttle.reserveOrThrow(throttleKeys.account(open.account_id), ip);
      // A spent recovery code is written to the audit log in the same transaction that spends it.
      const communities = looksLikeRecoveryCode(code)
        ? await deps.stacks.listForAccount(open.account_id)
        : [];
      const passed = await db.transaction().execute(async (trx) => {
        const match = await matchCode(trx, open.account_id, code, true);
        if (!match) return false;
        if (!(await repo.closeChallenge(trx, hash, clock.now()))) throw invalidChallenge();
        if (match.kind === 'recovery_code') {
          await recordAccountEvent(
            trx,
            clock,
            communities,
            { accountId: open.account_id, ip },
            {
              route: twoFactorPaths.signin,
              details: {
                recovery_code: 'used',
                recovery_codes_left: await repo.countUnusedRecoveryCodes(trx, open.account_id),
              },
            },
          );
        }
        return true;
      });
      if (!passed) {
        await repo.countChallengeAttempt(db, hash);
        throw invalidCode();
      }
      await throttle.succeed(attempt);
      return { accountId: open.account_id, stackId: open.stack_id };
    },

    /** The stack guard's question (wired in composition/app-wiring.ts). */
    lacksRequiredSecondFactor: (accountId: number, stackId: number) =>
      repo.lacksRequiredSecondFactor(db, accountId, stackId),

    requirement,

    /** The owner's rule; turning it on needs the owner's own factor on (no locking oneself out). */
    async setRequirement(
      stackId: number,
      accountId: number,
      required: boolean,
    ): Promise<TwoFactorRequirement> {
      if (required && !(await isEnabled(accountId))) {
        throw AppError.of(
          400,
          TwoFactorErrorCode.notEnabled,
          'Turn on two-step verification for your own account first.',
          'required',
        );
      }
      await repo.saveRequirement(db, stackId, required, accountId, clock.now());
      return requirement(stackId);
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
