import type { FastifyInstance } from 'fastify';
import type { MemberApiDeps } from '../../platform/member-scope/member-api-deps.ts';
import { registerContributionRoutes } from './contributions.routes.ts';
import { registerCommentRoutes } from './comments.routes.ts';
import { registerVoteRoutes } from './votes.routes.ts';
import { registerFlagRoutes } from './flags.routes.ts';
import { registerContentModerationRoutes } from './content-moderation.routes.ts';
import { createMemberContentService } from './member-content.service.ts';
import { createContentModerationService } from './content-moderation.service.ts';

/**
 * Member API, contents: `/{post|discussion|status}/…`, `/comment/…`, votes, polls, flags and
 * `/moderation/contribution/…`. The SDK posts votes with `Content-Type: application/json` and no
 * body, and flags with a bare number as body: here an empty JSON body reads as no body.
 */
export function registerMemberContentRoutes(scope: FastifyInstance, deps: MemberApiDeps): void {
  void scope.register(async (child) => {
    const service = createMemberContentService(deps);
    registerContributionRoutes(child, deps, service);
    registerCommentRoutes(child, deps, service);
    registerVoteRoutes(child, deps, service);
    registerFlagRoutes(child, service);
    registerContentModerationRoutes(child, deps, createContentModerationService(deps));
  });
}
