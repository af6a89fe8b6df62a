import type { FastifyInstance } from 'fastify';
import type { PlatformDeps } from '../../platform/platform-deps.ts';

/** Stack-scoped routes of this area (registered inside the community guard). */
export function registerRegistrationApprovalRoutes(_scope: FastifyInstance, _deps: PlatformDeps): void {}
