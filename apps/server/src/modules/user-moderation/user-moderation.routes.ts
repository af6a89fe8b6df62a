import type { FastifyInstance } from 'fastify';
import type { PlatformDeps } from '../../platform/platform-deps.ts';

/** Console: users moderation (stub: to be filled). */
export function registerUserModerationRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  void scope;
  void deps;
}

/** Member API: `/api/v2/moderation/user/…` (stub: to be filled). */
export function registerMemberUserModerationRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  void scope;
  void deps;
}
