import type { StaffAccess } from '../platform/stack-scope/stack-scope.ts';
import type { CommittedWrites } from '../platform/db/committed-writes.ts';
import { WriteAwareCache } from '../platform/db/write-aware-cache.ts';

/**
 * How long a guard answer may be served without reading again (ADR 0015): the bound on how late a
 * write made by ANOTHER process on the same PostgreSQL is seen (issue 11 §3: within one second).
 * This process's own writes empty the cache at once.
 */
export const STAFF_ACCESS_TTL_MS = 500;
const MAX_ENTRIES = 10_000;
const NEVER = 8.64e15;

/**
 * Until when a guard answer stays true by the passing of time alone: the token's life, and a running
 * ban's end. Only answers for a staff member of an existing community are kept (a dead token, an
 * unknown slug or a non-staff account read again each time, so callers cannot fill the cache).
 */
export function staffAccessKeepUntil(access: StaffAccess | undefined, now: Date): Date | undefined {
  if (!access?.membership) return undefined;
  let until = access.liveUntil.getTime();
  const banUntil = access.membership.banUntil?.getTime();
  if (banUntil !== undefined && banUntil > now.getTime()) until = Math.min(until, banUntil);
  return until > now.getTime() ? new Date(Math.min(until, NEVER)) : undefined;
}

/** The community guard's cache of `staffAccess` answers, keyed by community and token digest. */
export function staffAccessCache(
  writes: CommittedWrites,
  now: () => Date,
): WriteAwareCache<StaffAccess | undefined> {
  return new WriteAwareCache<StaffAccess | undefined>({
    writes,
    ttlMs: STAFF_ACCESS_TTL_MS,
    maxEntries: MAX_ENTRIES,
    now,
    keepUntil: staffAccessKeepUntil,
  });
}
