import type { FastifyInstance } from 'fastify';
import type { MemberApiDeps } from '../member-auth/member-auth.service.ts';
import { registerContributionRoutes } from './contributions.routes.ts';
import { registerCommentRoutes } from './comments.routes.ts';
import { registerVoteRoutes } from './votes.routes.ts';
import { registerFlagRoutes } from './flags.routes.ts';
import { registerContentModerationRoutes } from './content-moderation.routes.ts';
import { registerFeedRoutes } from './feed.routes.ts';
import { registerShareRoutes } from './shares.routes.ts';
import { registerRelatedRoutes } from './related.routes.ts';
import { registerContributionFollowRoutes } from './contribution-follows.routes.ts';
import { registerContributionSearchRoutes } from './contribution-search.routes.ts';
import { createMemberContentService } from './member-content.service.ts';
import { createContentModerationService } from './content-moderation.service.ts';

/**
 * Member API, contents: `/{post|discussion|status}/…`, `/comment/…`, votes, polls, flags,
 * `/moderation/contribution/…`, `/feed/…`, a contribution's contributors and related contents, and
 * shares at `/media/` (the member scope reads an empty JSON body as no body).
 */
export function registerMemberContentRoutes(scope: FastifyInstance, deps: MemberApiDeps): void {
  const service = createMemberContentService(deps);
  registerContributionRoutes(scope, deps, service);
  registerContributionSearchRoutes(scope, deps, service);
  registerCommentRoutes(scope, deps, service);
  registerVoteRoutes(scope, deps, service);
  registerFlagRoutes(scope, service);
  registerContentModerationRoutes(scope, deps, createContentModerationService(deps));
  registerFeedRoutes(scope, deps);
  registerShareRoutes(scope, deps);
  registerRelatedRoutes(scope, deps, service);
  registerContributionFollowRoutes(scope, deps, service);
}
