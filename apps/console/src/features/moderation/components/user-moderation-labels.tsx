import { USER_MODERATION_ERROR_CODES, type ModeratedUserStanding } from '@agora/contract';
import Chip from '@mui/material/Chip';
import type { IntlShape } from 'react-intl';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { parsedErrorsOf } from '../../../core/http/error-text.ts';

const STANDING_IDS: Record<ModeratedUserStanding, { id: string }> = {
  active: { id: 'moderation.users.status.active' },
  pending: { id: 'moderation.users.status.pending' },
  ignored: { id: 'moderation.users.status.ignored' },
  banned: { id: 'moderation.users.status.banned' },
  deleted: { id: 'moderation.users.status.deleted' },
  fully_deleted: { id: 'moderation.users.status.fullyDeleted' },
};
const STANDING_COLORS: Record<ModeratedUserStanding, 'success' | 'default' | 'warning' | 'error'> = {
  active: 'success',
  pending: 'default',
  ignored: 'default',
  banned: 'warning',
  deleted: 'error',
  fully_deleted: 'error',
};

export function StandingLabel({ status }: { status: ModeratedUserStanding }) {
  return <FormattedMessage {...STANDING_IDS[status]} />;
}

export function StandingChip({ status }: { status: ModeratedUserStanding }) {
  return (
    <Chip
      size="small"
      color={STANDING_COLORS[status]}
      label={<FormattedMessage {...STANDING_IDS[status]} />}
      data-testid="user-status"
    />
  );
}

/** Refusals the console words itself; any other failure is the spec's user moderation error. */
const CODE_IDS: Record<string, string> = {
  [USER_MODERATION_ERROR_CODES.self]: 'moderation.users.error.self',
  [USER_MODERATION_ERROR_CODES.adminProtected]: 'moderation.users.error.adminProtected',
  [USER_MODERATION_ERROR_CODES.erased]: 'moderation.users.error.erased',
};
const FIELD_IDS: Record<string, string> = {
  days: 'moderation.users.error.days',
  points: 'moderation.users.error.points',
  comment: 'moderation.users.error.comment',
};

/** The message id of a failed change (for a notice). */
export function userErrorId(error: unknown): string {
  const code = parsedErrorsOf(error)?.generalCode;
  return (code && CODE_IDS[code]) || 'moderation.users.error.generic';
}

/** The translated error of one field of a failed call, or null. */
export function userFieldErrorText(intl: IntlShape, error: unknown, field: string): string | null {
  const parsed = parsedErrorsOf(error);
  if (parsed?.fieldErrors[field] === undefined) return null;
  return intl.formatMessage({ id: FIELD_IDS[field] ?? 'moderation.users.error.generic' });
}

/** When a ban ends: a date, or never. */
export function BanEnd({ until }: { until: string | null }) {
  return until ? (
    <FormattedMessage
      id="moderation.users.bannedUntil"
      values={{ date: <FormattedDate value={until} dateStyle="medium" timeStyle="short" /> }}
    />
  ) : (
    <FormattedMessage id="moderation.users.bannedForever" />
  );
}
