/**
 * The closed registry of what the audit log can record (issue 12 §3): every staff write route of both
 * community scopes belongs to exactly one action, named by a stable key that the console translates
 * into a sentence (`auditLog.action.<key>` in `apps/console/lang/audit-log.*.json`, every key held by
 * `audit-action-messages.test.ts`). The server's route table is checked against it
 * (`audit-actions.api.test.ts`): a new write route without an action fails a test instead of
 * appearing in the log as a bare path.
 *
 * Routes are `METHOD /pattern`, relative to the community (`/c/:slug` removed), as recorded.
 */

/** Where the person an action was done to is found in the recorded request. */
export interface AuditPersonSource {
  from: 'params' | 'body';
  field: string;
  /** A community user id, or a username. */
  by: 'id' | 'username';
}

export interface AuditActionSpec {
  routes: readonly string[];
  /** Sign-ins, tests and exports: nothing in the community changes; hidden unless asked for. */
  readOnly?: boolean;
  /** The person acted on, when there is one. */
  person?: AuditPersonSource;
}

const P = '/platform/api/v1';
const M = '/api/v2';
const paramId = (field: string): AuditPersonSource => ({ from: 'params', field, by: 'id' });
const bodyId = (field: string): AuditPersonSource => ({ from: 'body', field, by: 'id' });

export const AUDIT_ACTIONS = {
  'settings.update': {
    routes: [
      `POST ${P}/dynamic_preference/update/`,
      `POST ${P}/dynamic_preference/update_multi/`,
      `PATCH ${M}/dynamic_preference/`,
    ],
  },
  'settings.upload_image': { routes: [`POST ${P}/dynamic_preference/upload_image/`] },
  'integrations.jwt_secret_refresh': { routes: [`POST ${P}/configuration/jwt/refresh_secret/`] },
  'oauth_apps.create': { routes: [`POST ${P}/oauth_apps/add/`] },
  'oauth_apps.update': { routes: [`POST ${P}/oauth_apps/:id/update/`] },
  'oauth_apps.delete': { routes: [`POST ${P}/oauth_apps/:id/delete/`] },
  'oauth_apps.rotate_secret': { routes: [`POST ${P}/oauth_apps/:id/rotate_secret/`] },
  'two_factor.requirement': { routes: [`POST ${P}/two_factor/requirement/`] },
  'domain.update': { routes: [`POST ${P}/domain/`] },
  'mail_server.update': { routes: [`POST ${P}/mail_server/`] },
  'mail_server.test': { routes: [`POST ${P}/mail_server/test/`], readOnly: true },
  'registration_alerts.update': { routes: [`POST ${P}/registration_alerts/update/`] },
  'app_settings.update': { routes: [`POST ${P}/app_settings/:platform/`] },
  'auth.sso_ticket': { routes: [`POST ${P}/auth/sso_ticket/`], readOnly: true },
  'analytics.community_signin': { routes: [`POST ${P}/auth/community_signin/`], readOnly: true },
  'analytics.dashboard_layout': { routes: [`POST ${P}/data_provisioning/dashboard/:userId/`] },
  'analytics.export': { routes: [`POST ${P}/analytics/export/add/`], readOnly: true },
  'analytics.assign_tags': { routes: [`POST ${P}/analytics/tables/users/assign_tags/`] },
  'audit_log.change_refused': {
    routes: ['POST', 'PUT', 'PATCH', 'DELETE'].flatMap((m) => [
      `${m} ${P}/audit_log/`,
      `${m} ${P}/audit_log/:id/`,
    ]),
  },
  'staff.assign_role': {
    routes: [`POST ${P}/users/manage_roles/`],
    person: { from: 'body', field: 'username', by: 'username' },
  },
  'staff.remove': {
    routes: [`POST ${P}/users/remove_staff/`],
    person: { from: 'body', field: 'username', by: 'username' },
  },
  'users.update': { routes: [`POST ${P}/users/update/:id/`], person: paramId('id') },
  'registration.decide': { routes: [`POST ${P}/users/manage_approval/`], person: bodyId('user_id') },
  'tags.create': { routes: [`POST ${P}/tags/add/`, `POST ${M}/tag/`] },
  'tags.update': { routes: [`POST ${P}/tags/:id/update/`, `PUT ${M}/tag/:id/`, `PATCH ${M}/tag/:id/`] },
  'tags.set_color': { routes: [`POST ${P}/tags/:id/set_color/`] },
  'tags.set_active': { routes: [`POST ${P}/tags/set_active/`] },
  'tags.assign': { routes: [`POST ${P}/tags/:id/assign/`] },
  'tags.unassign': { routes: [`POST ${P}/tags/:id/unassign/`] },
  'tags.assign_user': {
    routes: [`POST ${M}/tag/:id/assign/`, `POST ${M}/tag/:id/add/`],
    person: bodyId('user'),
  },
  'tags.unassign_user': { routes: [`POST ${M}/tag/:id/remove/`], person: bodyId('user') },
  'tags.order': { routes: [`POST ${P}/tags/:id/order/`] },
  'tags.addressing': { routes: [`POST ${P}/tags/addressing/`] },
  'categories.create': { routes: [`POST ${P}/categories/add/`, `POST ${M}/category/`] },
  'categories.update': {
    routes: [`POST ${P}/categories/:id/update/`, `PUT ${M}/category/:id/`, `PATCH ${M}/category/:id/`],
  },
  'categories.order': { routes: [`POST ${P}/categories/order_all/`] },
  'categories.delete': { routes: [`POST ${P}/categories/:id/delete/`, `DELETE ${M}/category/:id/`] },
  'categories.image': { routes: [`POST ${P}/categories/:id/image/`, `DELETE ${P}/categories/:id/image/`] },
  'categories.follow': { routes: [`POST ${M}/category/:id/follow/`] },
  'incubators.create': { routes: [`POST ${M}/incubator/`] },
  'incubators.subscribe': { routes: [`POST ${M}/incubator/:id/subscribe/`] },
  'incubators.status': { routes: [`POST ${P}/incubators/:id/status/`] },
  'incubators.threshold': { routes: [`POST ${P}/incubators/threshold/`] },
  'reactions.create': { routes: [`POST ${P}/reactions/add/`] },
  'reactions.update': { routes: [`POST ${P}/reactions/:id/update/`] },
  'reactions.set_default': { routes: [`POST ${P}/reactions/:id/set_default/`] },
  'media_library.folder_create': { routes: [`POST ${P}/media_library/folders/add/`] },
  'media_library.folder_update': { routes: [`POST ${P}/media_library/folders/:id/update/`] },
  'media_library.folder_delete': { routes: [`POST ${P}/media_library/folders/:id/delete/`] },
  'media_library.file_create': { routes: [`POST ${P}/media_library/files/add/`] },
  'media_library.file_update': { routes: [`POST ${P}/media_library/files/:id/update/`] },
  'media_library.file_delete': { routes: [`POST ${P}/media_library/files/:id/delete/`] },
  'email_sends.send': { routes: [`POST ${P}/email_sends/send/`] },
  'email_sends.send_customised': { routes: [`POST ${P}/email_sends/send_customised/`] },
  'email_manager.template_create': { routes: [`POST ${P}/email_manager/templates/add/`] },
  'email_manager.template_update': { routes: [`POST ${P}/email_manager/templates/:id/update/`] },
  'email_manager.template_delete': { routes: [`POST ${P}/email_manager/templates/:id/delete/`] },
  'email_manager.template_restore': { routes: [`POST ${P}/email_manager/templates/:id/defaults/`] },
  'email_manager.template_set_theme': { routes: [`POST ${P}/email_manager/templates/:id/set_theme/`] },
  'email_manager.template_set_roles': { routes: [`POST ${P}/email_manager/templates/:id/roles/`] },
  'email_manager.settings_update': { routes: [`POST ${P}/email_manager/settings/`] },
  'email_manager.preview': {
    routes: [`POST ${P}/email_manager/preview/`, `POST ${P}/email_manager/themes/preview/`],
    readOnly: true,
  },
  'email_manager.theme_create': { routes: [`POST ${P}/email_manager/themes/add/`] },
  'email_manager.theme_update': { routes: [`POST ${P}/email_manager/themes/:id/update/`] },
  'email_manager.theme_delete': { routes: [`POST ${P}/email_manager/themes/:id/delete/`] },
  'email_manager.theme_restore': { routes: [`POST ${P}/email_manager/themes/:id/defaults/`] },
  'email_manager.theme_set_default': { routes: [`POST ${P}/email_manager/themes/:id/set_default/`] },
  'broadcast.save': { routes: [`POST ${P}/broadcast_messages/save/`] },
  'broadcast.upload_image': { routes: [`POST ${P}/broadcast_messages/image/`] },
  'broadcast.update': { routes: [`POST ${P}/broadcast_messages/:id/update/`] },
  'broadcast.delete': { routes: [`POST ${P}/broadcast_messages/:id/delete/`] },
  'broadcast.send': { routes: [`POST ${P}/broadcast_messages/:id/send/`] },
  'broadcast.schedule': { routes: [`POST ${P}/broadcast_messages/:id/schedule/`] },
  'broadcast.copy': { routes: [`POST ${P}/broadcast_messages/:id/copy/`] },
  'broadcast.banner_read': {
    routes: [`POST ${M}/notification/banner/read/`, `POST ${M}/notification/banner/dispose/`],
    readOnly: true,
  },
  'broadcast.push_subscription': {
    routes: [`POST ${M}/notification/push/subscription/`, `DELETE ${M}/notification/push/subscription/:id/`],
    readOnly: true,
  },
  'notifications.read': { routes: [`POST ${M}/notification/read/`], readOnly: true },
  'notifications.notify': { routes: [`POST ${M}/notification/notify/`], person: bodyId('user') },
  'member_people.profile_update': { routes: [`PATCH ${M}/user/:id/`], readOnly: true },
  'notifications.settings': { routes: [`PATCH ${M}/user/:id/settings/`], readOnly: true },
  'notifications.unsubscribe': { routes: [`POST ${M}/notification/unsubscribe/:token/`], readOnly: true },
  // A staff member's private message is recorded without its text (the route replaces the body).
  'private_messages.send': { routes: [`POST ${M}/pm/`] },
  'private_messages.delete': { routes: [`DELETE ${M}/pm/:id/`] },
  'private_messages.delete_thread': { routes: [`DELETE ${M}/pm/`] },
  'menus.create': { routes: [`POST ${P}/menus/add/`] },
  'menus.update': { routes: [`POST ${P}/menus/:id/update/`] },
  'menus.delete': { routes: [`POST ${P}/menus/:id/delete/`] },
  'menus.order': { routes: [`POST ${P}/menus/:id/order/`] },
  'menus.item_create': { routes: [`POST ${P}/menus/items/add/`] },
  'menus.item_update': { routes: [`POST ${P}/menus/items/:id/update/`] },
  'menus.item_delete': { routes: [`POST ${P}/menus/items/:id/delete/`] },
  'invitations.create': { routes: [`POST ${P}/invitations/add/`] },
  'invitations.update': { routes: [`POST ${P}/invitations/:id/update/`] },
  'invitations.delete': { routes: [`POST ${P}/invitations/delete/`] },
  'invitations.send': { routes: [`POST ${P}/invitations/send/`] },
  'invitations.import': { routes: [`POST ${P}/invitations/import/`] },
  'promo_codes.create': { routes: [`POST ${P}/promo_codes/add/`] },
  'promo_codes.update': { routes: [`POST ${P}/promo_codes/:id/update/`] },
  'promo_codes.delete': { routes: [`POST ${P}/promo_codes/:id/delete/`] },
  'loyalty.config': { routes: [`POST ${P}/loyalty/config/update/`] },
  'loyalty.prize_create': { routes: [`POST ${P}/loyalty/prizes/add/`] },
  'loyalty.prize_update': { routes: [`POST ${P}/loyalty/prizes/:id/update/`] },
  'loyalty.request_status': { routes: [`POST ${P}/loyalty/requests/:id/status/`] },
  'loyalty.requests_export': { routes: [`POST ${P}/loyalty/requests/export/`], readOnly: true },
  'loyalty.request_create': { routes: [`POST ${M}/loyalty/request/`] },
  'advertising.settings': { routes: [`POST ${P}/advertising/settings/update/`] },
  'advertising.ad_create': { routes: [`POST ${P}/advertising/custom_ads/add/`] },
  'advertising.ad_update': { routes: [`POST ${P}/advertising/custom_ads/:id/update/`] },
  'advertising.ad_delete': { routes: [`POST ${P}/advertising/custom_ads/:id/delete/`] },
  'webhooks.create': { routes: [`POST ${P}/webhooks/endpoints/add/`, `POST ${M}/webhook/endpoint/`] },
  'webhooks.update': {
    routes: [
      `POST ${P}/webhooks/endpoints/:id/update/`,
      `PUT ${M}/webhook/endpoint/:id/`,
      `PATCH ${M}/webhook/endpoint/:id/`,
    ],
  },
  'webhooks.delete': {
    routes: [`POST ${P}/webhooks/endpoints/:id/delete/`, `DELETE ${M}/webhook/endpoint/:id/`],
  },
  'webhooks.secret_reveal': {
    routes: [
      `POST ${P}/webhooks/endpoints/:id/secret/reveal/`,
      `POST ${M}/webhook/endpoint/:id/secret/reveal/`,
    ],
    readOnly: true,
  },
  'webhooks.secret_expire': {
    routes: [
      `POST ${P}/webhooks/endpoints/:id/secret/expire/`,
      `POST ${M}/webhook/endpoint/:id/secret/expire/`,
    ],
  },
  'webhooks.resend': {
    routes: [
      `POST ${P}/webhooks/attempts/:id/resend/`,
      `POST ${P}/webhooks/endpoints/:id/resend_bulk/`,
      `POST ${M}/webhook/endpoint/:id/event/resend/`,
      `POST ${M}/webhook/endpoint/:id/event/resend/bulk/`,
      `POST ${M}/webhook/endpoint/attempt/:id/resend/`,
    ],
  },
  'webhooks.resend_preview': {
    routes: [`POST ${P}/webhooks/endpoints/:id/resend_bulk/preview/`],
    readOnly: true,
  },
  'moderation.bot': { routes: [`POST ${P}/bot/status/`] },
  'moderation.flags': {
    routes: [
      `POST ${P}/moderation/flags/:content_type/:content_id/`,
      `PATCH ${M}/moderation/contribution/:id/`,
    ],
  },
  'moderation.user': {
    routes: [`POST ${P}/moderation/users/:user_id/`],
    person: paramId('user_id'),
  },
  'moderation.member_standing': { routes: [`PATCH ${M}/moderation/user/:id/`], person: paramId('id') },
  'scoring.config': { routes: [`POST ${P}/reputation/config/`] },
  'scoring.add_points': {
    routes: [`POST ${P}/reputation/add/`, `POST ${M}/score/`],
    person: bodyId('user_id'),
  },
  'moderation.user_score': {
    routes: [`POST ${P}/moderation/users/:user_id/score/`],
    person: paramId('user_id'),
  },
  'members.sso_signin': { routes: [`POST ${M}/sso/signin/`], readOnly: true },
  'members.account_create': { routes: [`POST ${M}/account/create/`] },
  'members.sso_signup': { routes: [`POST ${M}/sso/signup/`] },
  'members.email_verify': {
    routes: [
      `POST ${M}/account/verify/`,
      `POST ${M}/account/verify/send/`,
      `POST ${M}/account/verify/validation_code/`,
    ],
  },
  'members.password_recover': { routes: [`POST ${M}/account/recover/`, `POST ${M}/account/reset/`] },
  'members.sso_token': { routes: [`POST ${M}/sso/token/`], readOnly: true },
  'members.follow': { routes: [`POST ${M}/user/:id/follow/`], person: paramId('id') },
  'members.hide': { routes: [`POST ${M}/user/:id/hide/`], person: paramId('id') },
  'members.connection_request': { routes: [`POST ${M}/user/:id/connection/request/`], person: paramId('id') },
  'members.connection_accept': { routes: [`POST ${M}/user/:id/connection/accept/`], person: paramId('id') },
  'members.connection_reject': { routes: [`POST ${M}/user/:id/connection/reject/`], person: paramId('id') },
  'members.connection_cancel': {
    routes: [`POST ${M}/user/:id/connection/cancel_request/`],
    person: paramId('id'),
  },
  'members.connection_remove': { routes: [`POST ${M}/user/:id/connection/remove/`], person: paramId('id') },
  'content.post_create': { routes: [`POST ${M}/post/`] },
  'content.discussion_create': { routes: [`POST ${M}/discussion/`] },
  'content.status_create': { routes: [`POST ${M}/status/`] },
  'content.comment_create': { routes: [`POST ${M}/comment/`] },
  'legal_pages.create': { routes: [`POST ${P}/legal_pages/add/`] },
  'legal_pages.version': { routes: [`POST ${P}/legal_pages/:id/versions/add/`] },
  'legal_pages.force_accept': { routes: [`POST ${P}/legal_pages/:id/force_accept/`] },
  'legal_pages.delete': { routes: [`POST ${P}/legal_pages/:id/delete/`] },
  'members.legal_ack': { routes: [`POST ${M}/legal_page/:key/ack/`] },
  'custom_pages.create': { routes: [`POST ${P}/custom_pages/add/`] },
  'custom_pages.update': { routes: [`POST ${P}/custom_pages/:id/update/`] },
  'custom_pages.delete': { routes: [`POST ${P}/custom_pages/:id/delete/`] },
  'error_pages.update': { routes: [`POST ${P}/error_pages/:kind/update/`] },
  'error_pages.restore': { routes: [`POST ${P}/error_pages/:kind/restore/`] },
  'content.vote': {
    routes: [
      `POST ${M}/post/:id/vote/`,
      `POST ${M}/discussion/:id/vote/`,
      `POST ${M}/status/:id/vote/`,
      `POST ${M}/comment/:id/vote/`,
    ],
  },
  'content.poll_vote': {
    routes: [
      `POST ${M}/post/:id/poll/vote/`,
      `POST ${M}/discussion/:id/poll/vote/`,
      `POST ${M}/status/:id/poll/vote/`,
    ],
  },
  // Written by the hub or an account's own routes, into each community's log they concern.
  'features.hub_toggle': { routes: [`POST ${P}/stacks/:id/features/`] },
  'account.two_factor_on': { routes: [`POST ${P}/account/two_factor/confirm/`] },
  'account.recovery_codes': { routes: [`POST ${P}/account/two_factor/recovery_codes/`] },
  'account.two_factor_off': { routes: [`POST ${P}/account/two_factor/disable/`] },
  'account.recovery_code_used': { routes: [`POST ${P}/auth/signin/two_factor/`] },
  'content.feed_read': { routes: [`POST ${M}/feed/read/`], readOnly: true },
  'content.flag': {
    routes: [
      `POST ${M}/post/:id/flag/`,
      `POST ${M}/discussion/:id/flag/`,
      `POST ${M}/status/:id/flag/`,
      `POST ${M}/comment/:id/flag/`,
    ],
  },
  'content.share': { routes: [`POST ${M}/media/`] },
  'content.follow': {
    routes: [
      `POST ${M}/post/:id/follow/`,
      `POST ${M}/discussion/:id/follow/`,
      `POST ${M}/status/:id/follow/`,
    ],
  },
} as const satisfies Record<string, AuditActionSpec>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** Every action, in registry order. */
export function auditActionNames(): AuditAction[] {
  return Object.keys(AUDIT_ACTIONS) as AuditAction[];
}

/** The spec of an action (widened so optional parts read uniformly). */
export function auditActionSpec(action: AuditAction): AuditActionSpec {
  return AUDIT_ACTIONS[action];
}

/** The action a recorded write belongs to, by its method and route pattern; null when none does. */
export function auditActionOf(method: string, route: string): AuditAction | null {
  const key = `${method.toUpperCase()} ${route}`;
  for (const action of auditActionNames()) {
    if ((AUDIT_ACTIONS[action].routes as readonly string[]).includes(key)) return action;
  }
  return null;
}

/** The `METHOD /route` keys of every read-only action. */
export function readOnlyAuditRoutes(): string[] {
  return auditActionNames().flatMap((a) => {
    const spec = auditActionSpec(a);
    return spec.readOnly ? [...spec.routes] : [];
  });
}
