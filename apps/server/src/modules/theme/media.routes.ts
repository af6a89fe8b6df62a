import type { FastifyInstance } from 'fastify';
import type { PlatformDeps } from '../../platform/platform-deps.ts';

/** Public routes serving a community's uploaded images (outside the staff guard). */
export function registerMediaRoutes(_app: FastifyInstance, _deps: PlatformDeps): void {}
