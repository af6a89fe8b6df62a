import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { ErrorCode, STACK_RESTARTING_MESSAGE } from '@agora/contract';
import { AppError } from '../errors/app-error.ts';
import { markServedHost } from './served-address.ts';

/**
 * A community on its own domain (issue 15 §4, ADR 0029): a request whose `Host` is not the
 * deployment's own is routed, before the router picks a route, to the community that host belongs
 * to — `Host: forum.example.org` + `GET /api/v2/feature/` is served as `GET /c/{slug}/api/v2/feature/`.
 *
 * Fastify's `rewriteUrl` is synchronous, and the host → community answer lives in the database, so
 * the rewrite runs in an asynchronous router constraint (find-my-way derives every asynchronous
 * constraint, then looks the route up by `req.url`): the constraint never constrains anything (it
 * derives `undefined`), it only sets `req.url`. Both the listening server and `app.inject` go
 * through it. The platform knows no module: the composition root gives it `resolve`.
 */

/** What a host answers to. */
export type HostTarget =
  | { kind: 'community'; slug: string }
  /** The community is restarting (a domain or mail server change): 503 until it is back online. */
  | { kind: 'restarting' }
  | { kind: 'unknown' };

export interface HostRoutingOptions {
  /** The deployment's own address (PUBLIC_URL): its host serves the console and `/c/{slug}` as always. */
  publicUrl: string;
  /** The community served at a host name (lower-case, no port), read from the database. */
  resolve(host: string): Promise<HostTarget>;
  /** Seconds a client should wait while a community restarts. */
  retryAfterSeconds: number;
}

const STRATEGY = 'agoraHostRouting';
/** Where a request for a host that serves nothing goes: no route, its answer is given on request. */
const NO_COMMUNITY_PATH = '/__agora/no-community';
/** What the request of a host that serves no community is answered (set by the constraint). */
const HOST_ANSWER = Symbol('agoraHostAnswer');
type HostAnswer = 'unknown' | 'restarting' | 'unavailable';
type MarkedRequest = IncomingMessage & { [HOST_ANSWER]?: HostAnswer };
/** Loopback names a developer's browser or a test uses: always the deployment's own host. */
const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** The process's own health paths: answered under any `Host` (a load balancer probes by address). */
const PROCESS_PATHS = new Set(['/healthz', '/readyz']);

/** The host name of a `Host` header: lower-case, without port or trailing dot; '' when absent. */
export function hostNameOf(header: string | undefined): string {
  const value = (header ?? '').trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  return value.split(':')[0]!.replace(/\.$/, '');
}

/** The community path of a request path on a custom host (`/.well-known/x` keeps RFC 8414's form). */
export function communityPath(slug: string, url: string): string {
  const path = url.startsWith('/') ? url : `/${url}`;
  const wellKnown = /^\/\.well-known\/([^/?#]+)(.*)$/.exec(path);
  if (wellKnown) return `/.well-known/${wellKnown[1]}/c/${slug}${wellKnown[2]}`;
  return `/c/${slug}${path}`;
}

type Done = (error: Error | null, value?: unknown) => void;
type RouterConstraints = NonNullable<NonNullable<FastifyServerOptions['routerOptions']>['constraints']>;
type Strategy = RouterConstraints[string];
type Store = ReturnType<Strategy['storage']>;

/**
 * The router constraint that rewrites a custom host's requests: pass it as Fastify's
 * `routerOptions.constraints`, then call `installHostRouting` on the app.
 */
export function hostRoutingConstraints(options: HostRoutingOptions): RouterConstraints {
  const own = new Set([hostNameOf(new URL(options.publicUrl).host), ...LOCAL_HOSTS]);
  const strategy = {
    name: STRATEGY,
    // Derives nothing, so no route is ever excluded; `mustMatchWhenDerived` makes find-my-way run it
    // on every request although no route names it.
    mustMatchWhenDerived: true,
    storage(): Store {
      const store = new Map<unknown, Parameters<Store['set']>[1]>();
      return {
        get: (key) => store.get(key) ?? null,
        set: (key, handler) => void store.set(key, handler),
      };
    },
    validate() {},
    // Three parameters: find-my-way treats the strategy as asynchronous (`deriveConstraint.length === 3`).
    deriveConstraint(req: IncomingMessage, _ctx: unknown, done: Done) {
      const host = hostNameOf(req.headers.host);
      if (host === '' || own.has(host) || PROCESS_PATHS.has(req.url ?? '')) {
        done(null, undefined);
        return;
      }
      const url = req.url ?? '/';
      options.resolve(host).then(
        (target) => {
          if (target.kind === 'community') {
            markServedHost(req, host, target.slug, url);
            req.url = communityPath(target.slug, url);
          } else answer(req, target.kind);
          done(null, undefined);
        },
        () => {
          answer(req, 'unavailable');
          done(null, undefined);
        },
      );
    },
  };
  // find-my-way runs asynchronous strategies, but its types describe only synchronous ones.
  return { [STRATEGY]: strategy as unknown as Strategy };
}

function answer(req: MarkedRequest, kind: HostAnswer): void {
  req[HOST_ANSWER] = kind;
  req.url = NO_COMMUNITY_PATH;
}

/**
 * Answers the requests of hosts that serve no community now, in the error envelope, before any route
 * (they are given none, so the route table and its generated tests never see them).
 */
export function installHostRouting(
  app: FastifyInstance,
  options: Pick<HostRoutingOptions, 'retryAfterSeconds'>,
): void {
  app.addHook('onRequest', async (request, reply) => {
    const kind = (request.raw as MarkedRequest)[HOST_ANSWER];
    if (kind === undefined) return;
    if (kind === 'unknown') {
      throw AppError.notFound(
        `No community is served at ${hostNameOf(request.headers.host) || 'this address'}.`,
      );
    }
    if (kind === 'restarting') {
      reply.header('Retry-After', String(options.retryAfterSeconds));
      throw AppError.of(503, ErrorCode.stackRestarting, STACK_RESTARTING_MESSAGE);
    }
    reply.header('Retry-After', '5');
    throw AppError.of(
      503,
      ErrorCode.serverBusy,
      'This address cannot be served right now. Try again shortly.',
    );
  });
}
