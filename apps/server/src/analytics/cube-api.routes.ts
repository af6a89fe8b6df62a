import type { FastifyInstance } from 'fastify';
import type { PlatformDeps } from '../platform/platform-deps.ts';

/**
 * The Cube-compatible API under a community's internal url (`/c/:slug/cubejs-api/v1/…`), authenticated
 * with the data-provisioning token, outside the staff bearer guard.
 */
export function registerCubeApiRoutes(_app: FastifyInstance, _deps: PlatformDeps): void {}

/** Stack-scoped (inside the staff guard): `auth/community_signin/` issuing the data-provisioning token. */
export function registerCommunitySigninRoutes(_scope: FastifyInstance, _deps: PlatformDeps): void {}
