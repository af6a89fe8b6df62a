import FindMyWay, { type HTTPMethod } from 'find-my-way';
import type { FastifyInstance } from 'fastify';

/** A copy of the registered routes, so an unknown method on a known path answers 405, not 404. */
export interface RouteEntry {
  method: string;
  url: string;
  roles: readonly string[] | undefined;
  /** The console areas a community route serves (`config.areas`, spec mgmt §6 in the contract). */
  areas: readonly string[] | undefined;
  /** Member API access (`public`, `member` or staff roles); undefined outside the member API. */
  member: string | readonly string[] | undefined;
  signedLink: boolean;
  /** The request schemas the route validates (zod), for tests generated from the table (fuzzing). */
  schema: RouteInputSchema;
}

/** What a route reads from a request: zod schemas of its parts, and the body types it accepts. */
export interface RouteInputSchema {
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  consumes?: readonly string[];
}

export class RouteTable {
  #router = FindMyWay({ ignoreTrailingSlash: false });
  #methods = new Set<HTTPMethod>();
  readonly entries: RouteEntry[] = [];

  attach(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods as HTTPMethod[]) {
        // HEAD mirrors GET; the CORS preflight route matches every path and says nothing about it.
        if (method === 'HEAD' || method === 'OPTIONS' || this.#router.hasRoute(method, route.url)) continue;
        this.#methods.add(method);
        this.#router.on(method, route.url, () => undefined);
        this.entries.push({
          method,
          url: route.url,
          roles: route.config?.roles,
          areas: route.config?.areas,
          member: route.config?.member,
          signedLink: route.config?.signedLink === true,
          schema: {
            body: route.schema?.body,
            querystring: route.schema?.querystring,
            params: route.schema?.params,
            ...(route.schema?.consumes ? { consumes: route.schema.consumes as string[] } : {}),
          },
        });
      }
    });
  }

  methodsFor(url: string): string[] {
    const pathOnly = url.split('?')[0] ?? url;
    return [...this.#methods].filter((m) => this.#router.find(m, pathOnly) !== null);
  }
}
