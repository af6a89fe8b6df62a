import type { Clock } from '../platform/clock.ts';
import type { CommittedWrites } from '../platform/db/committed-writes.ts';
import type { Db } from '../platform/db/database.ts';
import { WriteAwareCache } from '../platform/db/write-aware-cache.ts';
import type { HostTarget } from '../platform/http/host-routing.ts';
import { stackIdOfDomain } from '../modules/domain-settings/domain-settings.repository.ts';
import { findStack } from '../modules/stacks/stack-row.repository.ts';

/**
 * How long a host's answer may be served without reading again (ADR 0029): the bound on how late a
 * domain saved by ANOTHER process is seen. This process's own writes to the domains or communities
 * empty the cache at once (ADR 0015's write-aware cache).
 */
export const HOST_ROUTING_TTL_MS = 500;
const MAX_ENTRIES = 10_000;
const NEVER = new Date(8.64e15);

/** The community a host serves, read from the domain settings and the community's status. */
async function readTarget(db: Db, host: string): Promise<HostTarget> {
  const stackId = await stackIdOfDomain(db, host);
  const stack = stackId === undefined ? undefined : await findStack(db, stackId);
  if (!stack) return { kind: 'unknown' };
  // A domain change restarts the community (spec mgmt §4): its new address serves once it is online.
  if (stack.status === 'progress') return { kind: 'restarting' };
  return { kind: 'community', slug: stack.slug };
}

/**
 * The host → community lookup the platform's host routing asks: straight from the database, through
 * a short write-aware cache when the database's committed writes are known. Only found communities
 * are kept, so requests naming random hosts cannot fill the cache.
 */
export function hostResolver(deps: {
  db: Db;
  clock: Clock;
  writes?: CommittedWrites;
  /** Real time in milliseconds (monotonic); injectable for tests. */
  monotonicMs?: () => number;
}) {
  if (!deps.writes) return (host: string) => readTarget(deps.db, host);
  const cache = new WriteAwareCache<HostTarget>({
    writes: deps.writes,
    ttlMs: HOST_ROUTING_TTL_MS,
    maxEntries: MAX_ENTRIES,
    now: () => deps.clock.now(),
    keepUntil: (target) => (target.kind === 'unknown' ? undefined : NEVER),
    ...(deps.monotonicMs ? { monotonicMs: deps.monotonicMs } : {}),
  });
  const reader = cache.reader(deps.db);
  return (host: string) => cache.get(host, () => readTarget(reader, host));
}
