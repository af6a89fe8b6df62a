import type { FastifyInstance } from 'fastify';
import type { MemberApiDeps } from '../member-auth/member-auth.service.ts';
import { registerMemberAccountRoutes } from './member-accounts.routes.ts';
import { registerMemberFollowRoutes } from './member-follows.routes.ts';
import { registerMemberHiddenRoutes } from './member-hidden.routes.ts';
import { registerMemberSettingsRoutes } from './member-settings.routes.ts';
import { registerMemberTagRoutes } from './member-tags.routes.ts';
import { registerMemberUserRoutes } from './member-users.routes.ts';

/**
 * The people side of a community's member API (SelfCommunity v2-compatible): sign-up and SSO
 * sign-up, users, follows and connections, hidden and suggested members, features, dynamic
 * preferences, categories and tags.
 */
export function registerMemberPeopleRoutes(scope: FastifyInstance, deps: MemberApiDeps): void {
  registerMemberAccountRoutes(scope, deps);
  registerMemberUserRoutes(scope, deps);
  registerMemberFollowRoutes(scope, deps);
  registerMemberHiddenRoutes(scope, deps);
  registerMemberSettingsRoutes(scope, deps);
  registerMemberTagRoutes(scope, deps);
}
