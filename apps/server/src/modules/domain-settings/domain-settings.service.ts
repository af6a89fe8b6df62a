import { checkDomain, ServerSettingsErrorCode, UNIQUE_MESSAGE, type DomainSettings } from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError, errorEntry } from '../../platform/errors/app-error.ts';
import * as repo from './domain-settings.repository.ts';
import { assertStackOnline, changeAndRestart } from './stack-restart.service.ts';

function uniqueError(): AppError {
  return new AppError(400, [errorEntry(ServerSettingsErrorCode.unique, UNIQUE_MESSAGE, 'domain')]);
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

/** A community's domain (spec mgmt §2 "Domain settings"); a change restarts the community. */
export function createDomainSettingsService(deps: PlatformDeps) {
  const { db, clock, config } = deps;
  const platformHost = new URL(config.publicUrl).hostname.toLowerCase();

  return {
    async get(stackId: number): Promise<DomainSettings> {
      return { domain: await repo.customDomainOf(db, stackId) };
    },

    async update(stackId: number, raw: string | undefined): Promise<DomainSettings> {
      await assertStackOnline(db, stackId);
      const check = checkDomain(raw);
      if (!check.ok) throw new AppError(400, check.errors);
      const domain = check.value;
      if (domain === (await repo.customDomainOf(db, stackId))) return { domain };
      if (
        domain !== null &&
        (domain === platformHost || (await repo.domainTakenByOther(db, domain, stackId)))
      ) {
        throw uniqueError();
      }
      try {
        await changeAndRestart(deps, stackId, (trx) => repo.saveDomain(trx, stackId, domain, clock.now()));
      } catch (error) {
        if (isUniqueViolation(error)) throw uniqueError();
        throw error;
      }
      return { domain };
    },
  };
}
