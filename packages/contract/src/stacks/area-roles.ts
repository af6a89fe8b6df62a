import { CONSOLE_ROLES, type StaffRole } from './stack-schemas.ts';

/*
 * Who may use each area of the console, declared once from spec mgmt §6 "Roles and permissions":
 *
 *   | Admin     | Full control; assigns roles; own role cannot be changed        |
 *   | Editor    | Content and marketing console functions; cannot assign roles   |
 *   | Moderator | Moderation functions only; cannot assign roles                 |
 *   | Publisher | Can publish content; no console access                         |
 *
 * The server's routes carry these sets in `config.roles` (with `config.area`), the console's area
 * registry shows an area to exactly these roles, and the role matrix test checks both against the
 * route table. "Content and marketing" is the core spec's list of console functions (core §1:
 * "theme, content settings, community management, ... marketing tools"), the content areas of mgmt
 * §1 (categories, pages, menus, reactions, tagging of contents) and analytics; users scoring is
 * "reputation", listed among the Marketing calls (core §7). Integrations, app settings, the server
 * settings, registrations, staff roles and the audit log stay with the admin ("full control").
 */
const ADMIN: readonly StaffRole[] = ['admin'];
/** "Editor: content and marketing console functions". */
const CONTENT_AND_MARKETING: readonly StaffRole[] = ['admin', 'editor'];
/** "Moderator: moderation functions only". */
const MODERATION: readonly StaffRole[] = ['admin', 'moderator'];

export const AREA_ROLES = {
  /** What every console role needs to run the console itself: session, communities, flags, settings read. */
  console: CONSOLE_ROLES,
  analytics: CONTENT_AND_MARKETING,
  theme: CONTENT_AND_MARKETING,
  'content-settings': CONTENT_AND_MARKETING,
  'community-management': CONTENT_AND_MARKETING,
  tagging: CONTENT_AND_MARKETING,
  categories: CONTENT_AND_MARKETING,
  pages: CONTENT_AND_MARKETING,
  menus: CONTENT_AND_MARKETING,
  scoring: CONTENT_AND_MARKETING,
  reactions: CONTENT_AND_MARKETING,
  'media-library': CONTENT_AND_MARKETING,
  moderation: MODERATION,
  integrations: ADMIN,
  'server-settings': ADMIN,
  'registration-alerts': ADMIN,
  'app-settings': ADMIN,
  'readiness-checks': ADMIN,
  'registration-approval': ADMIN,
  /** Staff roles and the community's second-factor rule: "assigns roles" is the admin's alone. */
  staff: ADMIN,
  'audit-log': ADMIN,
  /**
   * Every email the product sends: marketing, but it speaks for the community, so the admin's. Its
   * sending tasks (send, send customised) are its calls too; they have no screen of their own.
   */
  'email-manager': ADMIN,
  /** Marketing areas of issue 14 (admin-only, as the round decided). */
  'promo-codes': ADMIN,
  loyalty: ADMIN,
  /** An invitation gives a staff role (admin too): "assigns roles" is the admin's alone. */
  invitations: ADMIN,
  /** Broadcast messages to members (issue 14 §2): marketing, admin-only this round. */
  'broadcast-messages': ADMIN,
  /** Advertising is one of the integrations (mgmt §1), the admin's (issue 15 §3). */
  advertising: ADMIN,
  /** Webhook endpoints, their secrets and attempts (issue 15 §1): an integration, the admin's. */
  webhooks: ADMIN,
} as const satisfies Record<string, readonly StaffRole[]>;

export type ConsoleArea = keyof typeof AREA_ROLES;
export const CONSOLE_AREAS = Object.keys(AREA_ROLES) as ConsoleArea[];

/** Whether a staff role may use an area. */
export function areaAllows(area: ConsoleArea, role: string): boolean {
  return (AREA_ROLES[area] as readonly string[]).includes(role);
}
