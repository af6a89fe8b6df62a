import type { FastifyInstance } from 'fastify';
import type { MemberApiDeps } from '../../platform/member-scope/member-api-deps.ts';

/** Member API routes (stub: to be filled). */
export function registerMemberContentRoutes(scope: FastifyInstance, deps: MemberApiDeps): void {
  void scope;
  void deps;
}
