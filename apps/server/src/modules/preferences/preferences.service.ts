import { LOCALES, type UserPreference, type UserPreferenceKey } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { ErrorCode } from '@agora/contract';
import { setAccountLanguage } from '../auth/account.repository.ts';
import * as repo from './preferences.repository.ts';

const allowedValues: Record<UserPreferenceKey, readonly string[]> = {
  language: LOCALES,
  platform_tour: ['open', 'closed'],
};

function checkValue(key: UserPreferenceKey, value: string): void {
  if (!allowedValues[key].includes(value)) {
    throw AppError.of(400, ErrorCode.invalid, `Allowed values: ${allowedValues[key].join(', ')}.`, 'value');
  }
}

export function createPreferencesService(db: Db, clock: Clock) {
  async function afterWrite(accountId: number, pref: UserPreference): Promise<void> {
    // The session user's language follows the language preference.
    if (pref.key === 'language') await setAccountLanguage(db, accountId, pref.value);
  }

  return {
    list: (accountId: number, key?: UserPreferenceKey) => repo.listPreferences(db, accountId, key),

    async add(accountId: number, key: UserPreferenceKey, value: string) {
      checkValue(key, value);
      const result = await repo.upsertPreference(db, accountId, key, value, clock.now());
      await afterWrite(accountId, result.preference);
      return result;
    },

    async update(accountId: number, id: number, value: string): Promise<UserPreference> {
      const current = (await repo.listPreferences(db, accountId)).find((p) => p.id === id);
      if (!current) throw AppError.notFound('Preference not found.');
      checkValue(current.key, value);
      const updated = await repo.updatePreference(db, accountId, id, value, clock.now());
      if (!updated) throw AppError.notFound('Preference not found.');
      await afterWrite(accountId, updated);
      return updated;
    },
  };
}

export type PreferencesService = ReturnType<typeof createPreferencesService>;
