import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ErrorCode,
  OAUTH_APP_DESCRIPTION_MAX,
  OAUTH_APP_GRANT_TYPES,
  OAUTH_APP_MESSAGES as M,
  OAUTH_APP_NAME_MAX,
  OAUTH_APP_REDIRECT_URIS_MAX,
  OAUTH_CLIENT_TYPES,
  parseRedirectUris,
  type OAuthApp,
  type OAuthAppList,
  type OAuthAppWithSecret,
  type OAuthAppWriteBody,
  type OAuthClientType,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError, errorEntry, type AppErrorEntry } from '../../platform/errors/app-error.ts';
import { digestToken, newOpaqueToken } from '../../platform/auth/opaque-token.ts';
import { revokeClientFamilies } from '../../platform/auth/token-families.ts';
import * as repo from './oauth-apps.repository.ts';

/** Public view of an app: never its secret (kept as a digest only). */
export function presentApp(row: repo.OAuthAppRow): OAuthApp {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    image: row.image,
    client_type: row.client_type,
    grant_types: row.grant_types as OAuthApp['grant_types'],
    redirect_uris: row.redirect_uris.join(' '),
    client_id: row.client_id,
    has_secret: row.client_secret_hash !== null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** A client secret: 256 random bits, so a plain digest keeps it (no slow hash needed). */
const newSecret = () => newOpaqueToken('agcs');

/** Whether `secret` is the app's secret (constant time on the digests). */
export function secretMatches(row: repo.OAuthAppRow, secret: string | undefined): boolean {
  if (!row.client_secret_hash || !secret) return false;
  const given = Buffer.from(digestToken(secret), 'hex');
  const kept = Buffer.from(row.client_secret_hash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Every problem of a whole app at once, each on its field (the wizard lists them). */
function checked(body: OAuthAppWriteBody, clientType: OAuthClientType): repo.OAuthAppFields {
  const errors: AppErrorEntry[] = [];
  const name = (body.name ?? '').trim();
  if (!name) errors.push(errorEntry(ErrorCode.required, M.name, 'name'));
  else if (name.length > OAUTH_APP_NAME_MAX) errors.push(errorEntry(ErrorCode.invalid, M.name, 'name'));
  const description = (body.description ?? '').trim();
  if (description.length > OAUTH_APP_DESCRIPTION_MAX) {
    errors.push(errorEntry(ErrorCode.invalid, M.description, 'description'));
  }
  const image = (body.image ?? '').trim();
  if (image && !isHttpUrl(image)) errors.push(errorEntry(ErrorCode.invalid, M.image, 'image'));
  const grants = [...new Set(body.grant_types ?? [])];
  const known = grants.every((g) => (OAUTH_APP_GRANT_TYPES as readonly string[]).includes(g));
  if (grants.length === 0 || !known) {
    errors.push(errorEntry(ErrorCode.invalid, M.grantTypes, 'grant_types'));
  } else if (clientType === 'public' && grants.includes('client_credentials')) {
    errors.push(errorEntry(ErrorCode.invalid, M.publicClientCredentials, 'grant_types'));
  } else if (grants.includes('refresh_token') && !grants.includes('authorization_code')) {
    errors.push(errorEntry(ErrorCode.invalid, M.refreshNeedsCode, 'grant_types'));
  }
  const uris = parseRedirectUris(body.redirect_uris ?? '');
  if (!uris || uris.length > OAUTH_APP_REDIRECT_URIS_MAX) {
    errors.push(errorEntry(ErrorCode.invalid, M.redirectUris, 'redirect_uris'));
  } else if (uris.length === 0 && grants.includes('authorization_code')) {
    errors.push(errorEntry(ErrorCode.required, M.redirectUrisRequired, 'redirect_uris'));
  }
  if (errors.length > 0) throw new AppError(400, errors);
  // Order kept stable whatever order the client sent.
  const grantTypes = OAUTH_APP_GRANT_TYPES.filter((g) => grants.includes(g));
  return { name, description, image, grant_types: grantTypes, redirect_uris: uris ?? [] };
}

/** The console's management of a community's OAuth 2.0 apps (admins only). */
export function createOAuthAppsService(deps: Pick<PlatformDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;

  async function found(stackId: number, id: number) {
    const row = await repo.findApp(db, stackId, id);
    if (!row) throw AppError.notFound(M.notFound);
    return row;
  }

  return {
    async list(stackId: number, q: { limit: number; offset: number }): Promise<OAuthAppList> {
      const { rows, count } = await repo.listApps(db, stackId, q.limit, q.offset);
      return { count, results: rows.map(presentApp) };
    },

    get: async (stackId: number, id: number) => presentApp(await found(stackId, id)),

    async add(stackId: number, body: OAuthAppWriteBody): Promise<OAuthAppWithSecret> {
      const type = body.client_type ?? '';
      if (!(OAUTH_CLIENT_TYPES as readonly string[]).includes(type)) {
        const entries = [errorEntry(ErrorCode.invalid, M.clientType, 'client_type')];
        try {
          checked(body, 'confidential');
        } catch (error) {
          if (error instanceof AppError) entries.push(...error.entries);
        }
        throw new AppError(400, entries);
      }
      const clientType = type as OAuthClientType;
      const fields = checked(body, clientType);
      const secret = clientType === 'confidential' ? newSecret() : null;
      const row = await repo.insertApp(db, {
        ...fields,
        stackId,
        clientId: randomBytes(20).toString('base64url'),
        clientType,
        secretHash: secret ? digestToken(secret) : null,
        now: clock.now(),
      });
      return { ...presentApp(row), client_secret: secret };
    },

    async update(stackId: number, id: number, body: OAuthAppWriteBody): Promise<OAuthApp> {
      const current = await found(stackId, id);
      if (body.client_type !== undefined && body.client_type !== current.client_type) {
        throw AppError.of(400, ErrorCode.invalid, M.clientType, 'client_type');
      }
      const fields = checked(body, current.client_type);
      const row = await repo.updateApp(db, stackId, id, fields, clock.now());
      if (!row) throw AppError.notFound(M.notFound);
      return presentApp(row);
    },

    /** A new secret for a confidential app, shown this once; the old one stops working at once. */
    async rotateSecret(stackId: number, id: number): Promise<OAuthAppWithSecret> {
      const current = await found(stackId, id);
      if (current.client_type !== 'confidential') {
        throw AppError.of(400, ErrorCode.invalid, M.clientType, 'client_type');
      }
      const secret = newSecret();
      const row = await repo.setSecretHash(db, stackId, id, digestToken(secret), clock.now());
      if (!row) throw AppError.notFound(M.notFound);
      return { ...presentApp(row), client_secret: secret };
    },

    /** Deletes an app; every sign-in it holds for members ends with it. */
    async remove(stackId: number, id: number): Promise<{ id: number }> {
      return db.transaction().execute(async (trx) => {
        const gone = await repo.deleteApp(trx, stackId, id);
        if (!gone) throw AppError.notFound(M.notFound);
        await revokeClientFamilies(trx, gone.client_id, clock.now());
        return { id: gone.id };
      });
    },
  };
}
