import type { AuditAction } from '@agora/contract';

/**
 * The sentence of each audit action (`auditLog.action.<key>` in `lang/audit-log.*.json`), keyed by
 * the contract's closed registry: a new action fails the typecheck here until it has its sentence,
 * and `audit-messages.test.ts` holds both languages to every key. Sentences take `{person}` (the
 * person acted on) and `{subject}` (the role, settings group, platform or name the server read).
 */
export const ACTION_MESSAGES: Record<AuditAction, string> = {
  'settings.update': 'auditLog.action.settings.update',
  'settings.upload_image': 'auditLog.action.settings.upload_image',
  'integrations.jwt_secret_refresh': 'auditLog.action.integrations.jwt_secret_refresh',
  'two_factor.requirement': 'auditLog.action.two_factor.requirement',
  'domain.update': 'auditLog.action.domain.update',
  'mail_server.update': 'auditLog.action.mail_server.update',
  'mail_server.test': 'auditLog.action.mail_server.test',
  'registration_alerts.update': 'auditLog.action.registration_alerts.update',
  'app_settings.update': 'auditLog.action.app_settings.update',
  'auth.sso_ticket': 'auditLog.action.auth.sso_ticket',
  'analytics.community_signin': 'auditLog.action.analytics.community_signin',
  'analytics.dashboard_layout': 'auditLog.action.analytics.dashboard_layout',
  'analytics.export': 'auditLog.action.analytics.export',
  'analytics.assign_tags': 'auditLog.action.analytics.assign_tags',
  'audit_log.change_refused': 'auditLog.action.audit_log.change_refused',
  'staff.assign_role': 'auditLog.action.staff.assign_role',
  'staff.remove': 'auditLog.action.staff.remove',
  'users.update': 'auditLog.action.users.update',
  'registration.decide': 'auditLog.action.registration.decide',
  'tags.create': 'auditLog.action.tags.create',
  'tags.update': 'auditLog.action.tags.update',
  'tags.set_color': 'auditLog.action.tags.set_color',
  'tags.set_active': 'auditLog.action.tags.set_active',
  'tags.assign': 'auditLog.action.tags.assign',
  'tags.unassign': 'auditLog.action.tags.unassign',
  'tags.assign_user': 'auditLog.action.tags.assign_user',
  'tags.unassign_user': 'auditLog.action.tags.unassign_user',
  'tags.order': 'auditLog.action.tags.order',
  'tags.addressing': 'auditLog.action.tags.addressing',
  'categories.create': 'auditLog.action.categories.create',
  'categories.update': 'auditLog.action.categories.update',
  'categories.order': 'auditLog.action.categories.order',
  'categories.delete': 'auditLog.action.categories.delete',
  'categories.image': 'auditLog.action.categories.image',
  'categories.follow': 'auditLog.action.categories.follow',
  'incubators.create': 'auditLog.action.incubators.create',
  'incubators.subscribe': 'auditLog.action.incubators.subscribe',
  'incubators.status': 'auditLog.action.incubators.status',
  'incubators.threshold': 'auditLog.action.incubators.threshold',
  'menus.create': 'auditLog.action.menus.create',
  'menus.update': 'auditLog.action.menus.update',
  'menus.delete': 'auditLog.action.menus.delete',
  'menus.order': 'auditLog.action.menus.order',
  'menus.item_create': 'auditLog.action.menus.item_create',
  'menus.item_update': 'auditLog.action.menus.item_update',
  'menus.item_delete': 'auditLog.action.menus.item_delete',
  'reactions.create': 'auditLog.action.reactions.create',
  'reactions.update': 'auditLog.action.reactions.update',
  'reactions.set_default': 'auditLog.action.reactions.set_default',
  'moderation.bot': 'auditLog.action.moderation.bot',
  'moderation.flags': 'auditLog.action.moderation.flags',
  'moderation.user': 'auditLog.action.moderation.user',
  'moderation.member_standing': 'auditLog.action.moderation.member_standing',
  'scoring.config': 'auditLog.action.scoring.config',
  'scoring.add_points': 'auditLog.action.scoring.add_points',
  'moderation.user_score': 'auditLog.action.moderation.user_score',
  'members.sso_signin': 'auditLog.action.members.sso_signin',
  'members.account_create': 'auditLog.action.members.account_create',
  'members.sso_signup': 'auditLog.action.members.sso_signup',
  'members.follow': 'auditLog.action.members.follow',
  'members.connection_request': 'auditLog.action.members.connection_request',
  'members.connection_accept': 'auditLog.action.members.connection_accept',
  'members.connection_reject': 'auditLog.action.members.connection_reject',
  'members.connection_cancel': 'auditLog.action.members.connection_cancel',
  'members.connection_remove': 'auditLog.action.members.connection_remove',
  'content.post_create': 'auditLog.action.content.post_create',
  'content.discussion_create': 'auditLog.action.content.discussion_create',
  'content.status_create': 'auditLog.action.content.status_create',
  'content.comment_create': 'auditLog.action.content.comment_create',
  'legal_pages.create': 'auditLog.action.legal_pages.create',
  'legal_pages.version': 'auditLog.action.legal_pages.version',
  'legal_pages.force_accept': 'auditLog.action.legal_pages.force_accept',
  'legal_pages.delete': 'auditLog.action.legal_pages.delete',
  'members.legal_ack': 'auditLog.action.members.legal_ack',
  'content.vote': 'auditLog.action.content.vote',
  'content.poll_vote': 'auditLog.action.content.poll_vote',
  'content.flag': 'auditLog.action.content.flag',
  'features.hub_toggle': 'auditLog.action.features.hub_toggle',
  'account.two_factor_on': 'auditLog.action.account.two_factor_on',
  'account.recovery_codes': 'auditLog.action.account.recovery_codes',
  'account.two_factor_off': 'auditLog.action.account.two_factor_off',
  'account.recovery_code_used': 'auditLog.action.account.recovery_code_used',
};

/** An entry whose route is no longer in the registry (its route pattern is the subject). */
export const UNKNOWN_ACTION_MESSAGE = 'auditLog.action.unknown';

/** Labels of the fields that recur across actions; any other shows as its readable name. */
export const FIELD_MESSAGES: Record<string, string> = {
  role: 'auditLog.field.role',
  username: 'auditLog.field.username',
  name: 'auditLog.field.name',
  color: 'auditLog.field.color',
  active: 'auditLog.field.active',
  enabled: 'auditLog.field.enabled',
  required: 'auditLog.field.required',
  points: 'auditLog.field.points',
  score: 'auditLog.field.score',
  comment: 'auditLog.field.comment',
  action: 'auditLog.field.action',
  motivation: 'auditLog.field.motivation',
  threshold: 'auditLog.field.threshold',
  recipients: 'auditLog.field.recipients',
  span: 'auditLog.field.span',
  type: 'auditLog.field.type',
  user_id: 'auditLog.field.user_id',
  user: 'auditLog.field.user',
  email: 'auditLog.field.email',
  password: 'auditLog.field.password',
  host: 'auditLog.field.host',
  port: 'auditLog.field.port',
  details: 'auditLog.field.details',
};

export function actionMessage(action: string): string {
  return (ACTION_MESSAGES as Record<string, string>)[action] ?? UNKNOWN_ACTION_MESSAGE;
}

/** `application_slogan1` → `Application slogan1`: a field with no label still reads as words. */
export function readableField(field: string): string {
  const words = field.replace(/[_.]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
