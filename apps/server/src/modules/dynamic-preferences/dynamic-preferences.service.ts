import { randomBytes } from 'node:crypto';
import {
  DynamicPreferencesErrorCode,
  checkPreferenceValue,
  ErrorCode,
  INVALID_URLS_MESSAGE,
  PREFERENCE_CATALOGUE,
  preferenceDefinition,
  preferenceId,
  readPreferenceValue,
  type DynamicPreference,
  type PreferenceDefinition,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError, errorEntry, type AppErrorEntry } from '../../platform/errors/app-error.ts';
import * as repo from './dynamic-preferences.repository.ts';
import { enabledFeatures, featureDisabled } from '../features/features.service.ts';

export const JWT_SECRET_NAME = 'jwt_secret_key';

function toPreference(definition: PreferenceDefinition, stored: string | undefined): DynamicPreference {
  return {
    id: preferenceId(definition.name),
    section: definition.section,
    name: definition.name,
    value: readPreferenceValue(definition, stored ?? null),
    type: definition.type,
  };
}

function definitionOrError(key: string): PreferenceDefinition {
  const definition = preferenceDefinition(key.trim());
  if (!definition) throw AppError.of(404, ErrorCode.notFound, `Unknown preference "${key}".`, 'name');
  return definition;
}

/** A community's dynamic preferences: defaults from the catalogue, stored values where changed. */
export function createDynamicPreferencesService({
  db,
  clock,
  secretBox,
}: Pick<PlatformDeps, 'db' | 'clock' | 'secretBox'>) {
  async function read(stackId: number, definitions: PreferenceDefinition[]): Promise<DynamicPreference[]> {
    const stored = await repo.storedValues(
      db,
      stackId,
      definitions.map((d) => d.name),
    );
    return definitions.map((definition) => toPreference(definition, stored.get(definition.name)));
  }

  /** Refuses the whole write when a value belongs to a feature the community has switched off. */
  async function checkFeatures(stackId: number, keys: string[]): Promise<void> {
    const needed = keys
      .map((key) => preferenceDefinition(key.trim())?.feature)
      .filter((f): f is string => !!f);
    if (needed.length === 0) return;
    const enabled: readonly string[] = await enabledFeatures(db, stackId);
    const off = needed.find((feature) => !enabled.includes(feature));
    if (off) throw featureDisabled(`This feature is not enabled for this community (${off}).`);
  }

  /** Checks every value first; nothing is written unless all are valid. */
  async function write(stackId: number, values: Record<string, unknown>, accountId: number | null) {
    await checkFeatures(stackId, Object.keys(values));
    const errors: AppErrorEntry[] = [];
    const accepted: { definition: PreferenceDefinition; value: string }[] = [];
    for (const [key, raw] of Object.entries(values)) {
      const definition = preferenceDefinition(key.trim());
      if (!definition) {
        errors.push(errorEntry(ErrorCode.invalid, `Unknown preference "${key}".`, key));
        continue;
      }
      const check = checkPreferenceValue(definition, raw);
      if (check.ok) accepted.push({ definition, value: check.stored });
      else errors.push(errorEntry(check.problem.code, check.problem.message, definition.name));
    }
    if (errors.length > 0) {
      const urlProblem = errors.some(
        (e) =>
          e.code === DynamicPreferencesErrorCode.invalidUrl ||
          e.code === DynamicPreferencesErrorCode.urlPlaceholder,
      );
      if (urlProblem && errors.length + accepted.length > 1) {
        errors.unshift(errorEntry(DynamicPreferencesErrorCode.invalidUrls, INVALID_URLS_MESSAGE));
      }
      throw new AppError(400, errors);
    }
    await repo.writeValues(
      db,
      stackId,
      accepted.map(({ definition, value }) => ({
        name: definition.name,
        section: definition.section,
        value,
      })),
      accountId,
      clock.now(),
    );
    return read(
      stackId,
      accepted.map((a) => a.definition),
    );
  }

  return {
    all: (stackId: number) => read(stackId, [...PREFERENCE_CATALOGUE]),

    async get(stackId: number, name: string, section?: string): Promise<DynamicPreference> {
      const definition = definitionOrError(section ? `${section}.${name}` : name);
      const [preference] = await read(stackId, [definition]);
      return preference as DynamicPreference;
    },

    /** Several by name (or section.name), in the order asked; an unknown name is refused. */
    async list(stackId: number, keys: string[]): Promise<DynamicPreference[]> {
      const unknown = keys.filter((key) => !preferenceDefinition(key));
      if (unknown.length > 0) {
        throw new AppError(
          400,
          unknown.map((key) =>
            errorEntry(ErrorCode.invalid, `Unknown preference "${key}".`, 'preferences_list'),
          ),
        );
      }
      return read(
        stackId,
        keys.map((key) => preferenceDefinition(key) as PreferenceDefinition),
      );
    },

    async update(stackId: number, name: string, value: unknown, accountId: number | null) {
      definitionOrError(name);
      const [preference] = await write(stackId, { [name]: value }, accountId);
      return preference as DynamicPreference;
    },

    async updateMulti(stackId: number, values: Record<string, unknown>, accountId: number | null) {
      const written = await write(stackId, values, accountId);
      return Object.fromEntries(written.map((p) => [p.name, p]));
    },

    /** Sets a value that is not typed in (an uploaded image's address), skipping text validation. */
    async setSystemValue(stackId: number, name: string, value: string, accountId: number | null) {
      const definition = definitionOrError(name);
      await repo.writeValues(
        db,
        stackId,
        [{ name, section: definition.section, value }],
        accountId,
        clock.now(),
      );
      return (await read(stackId, [definition]))[0] as DynamicPreference;
    },

    /** Rotates the community's JWT signing key; the new key is shown once and kept sealed. */
    async refreshJwtSecret(stackId: number) {
      const key = randomBytes(48).toString('base64url');
      await repo.writeSecret(db, stackId, JWT_SECRET_NAME, secretBox.seal(key), clock.now());
      const algorithm = await this.get(stackId, 'jwt_algorithm');
      return { jwt_secret_key: key, jwt_algorithm: String(algorithm.value) };
    },

    async jwtSecret(stackId: number): Promise<string | undefined> {
      const sealed = await repo.readSecret(db, stackId, JWT_SECRET_NAME);
      return sealed ? secretBox.open(sealed) : undefined;
    },
  };
}

export type DynamicPreferencesService = ReturnType<typeof createDynamicPreferencesService>;
