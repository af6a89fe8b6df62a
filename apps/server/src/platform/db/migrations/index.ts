import type { Migration } from 'kysely';
import * as m0001 from './0001-hub.ts';
import * as m0002 from './0002-settings.ts';
import * as m0004 from './0004-mail-jobs.ts';
import * as m0005 from './0005-alerts-app-requests.ts';
import * as m0006 from './0006-activity.ts';
import * as m0007 from './0007-analytics-server.ts';
import * as m0008 from './0008-audit-log.ts';
import * as m0009 from './0009-staff.ts';
import * as m0010 from './0010-tagging.ts';
import * as m0012 from './0012-moderation.ts';
import * as m0013 from './0013-scoring.ts';
import * as m0014 from './0014-member-api.ts';
import * as m0015 from './0015-polls.ts';
import * as m0016 from './0016-community-sessions.ts';
import * as m0017 from './0017-two-factor.ts';
import * as m0019 from './0019-audit-log-status.ts';
import * as m0020 from './0020-rate-limits.ts';
import * as m0021 from './0021-categories.ts';
import * as m0022 from './0022-reactions.ts';
import * as m0023 from './0023-menus.ts';
import * as m0024 from './0024-legal-pages.ts';
import * as m0025 from './0025-feeds.ts';
import * as m0026 from './0026-incubators.ts';
import * as m0027 from './0027-custom-pages.ts';
import * as m0028 from './0028-media-library.ts';
import * as m0029 from './0029-feed-counts.ts';
import * as m0030 from './0030-email-manager.ts';
import * as m0031 from './0031-email-sends.ts';
import * as m0032 from './0032-broadcast-messages.ts';
import * as m0033 from './0033-invitations.ts';
import * as m0034 from './0034-promo-codes-and-loyalty.ts';
import * as m0035 from './0035-webhooks.ts';
import * as m0036 from './0036-oauth-apps.ts';
import * as m0037 from './0037-advertising.ts';
import * as m0038 from './0038-loyalty-shares.ts';
import * as m0039 from './0039-email-sections-roles-language.ts';
import * as m0040 from './0040-member-notifications.ts';
import * as m0041 from './0041-member-account-codes.ts';
import * as m0042 from './0042-hidden-members.ts';
import * as m0043 from './0043-contribution-follows.ts';
import * as m0044 from './0044-member-media.ts';
import * as m0045 from './0045-private-messages.ts';
import * as m0046 from './0046-comment-replies-index.ts';
import * as m0047 from './0047-contribution-tallies.ts';
import * as m0048 from './0048-feed-count-lookups.ts';
import * as m0049 from './0049-tallies-move-in-key-order.ts';

/** Every migration in order. Names are the file names; a new one is appended, never edited. */
export const migrations: Record<string, Migration> = {
  '0001-hub': m0001,
  '0002-settings': m0002,
  '0004-mail-jobs': m0004,
  '0005-alerts-app-requests': m0005,
  '0006-activity': m0006,
  '0007-analytics-server': m0007,
  '0008-audit-log': m0008,
  '0009-staff': m0009,
  '0010-tagging': m0010,
  '0012-moderation': m0012,
  '0013-scoring': m0013,
  '0014-member-api': m0014,
  '0015-polls': m0015,
  '0016-community-sessions': m0016,
  '0017-two-factor': m0017,
  '0019-audit-log-status': m0019,
  '0020-rate-limits': m0020,
  '0021-categories': m0021,
  '0022-reactions': m0022,
  '0023-menus': m0023,
  '0024-legal-pages': m0024,
  '0025-feeds': m0025,
  '0026-incubators': m0026,
  '0027-custom-pages': m0027,
  '0028-media-library': m0028,
  '0029-feed-counts': m0029,
  '0030-email-manager': m0030,
  '0031-email-sends': m0031,
  '0032-broadcast-messages': m0032,
  '0033-invitations': m0033,
  '0034-promo-codes-and-loyalty': m0034,
  '0035-webhooks': m0035,
  '0036-oauth-apps': m0036,
  '0037-advertising': m0037,
  '0038-loyalty-shares': m0038,
  '0039-email-sections-roles-language': m0039,
  '0040-member-notifications': m0040,
  '0041-member-account-codes': m0041,
  '0042-hidden-members': m0042,
  '0043-contribution-follows': m0043,
  '0044-member-media': m0044,
  '0045-private-messages': m0045,
  '0046-comment-replies-index': m0046,
  '0047-contribution-tallies': m0047,
  '0048-feed-count-lookups': m0048,
  '0049-tallies-move-in-key-order': m0049,
};
