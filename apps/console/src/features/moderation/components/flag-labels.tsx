import {
  BOT_FLAGGER_NAME,
  type FlagReason,
  type ModerationContentType,
  type ModerationStatus,
} from '@agora/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { FormattedMessage, useIntl } from 'react-intl';

export const REASON_IDS: Record<FlagReason, { id: string }> = {
  spam: { id: 'moderation.reason.spam' },
  aggressive: { id: 'moderation.reason.aggressive' },
  vulgar: { id: 'moderation.reason.vulgar' },
  poor_content: { id: 'moderation.reason.poorContent' },
  offtopic: { id: 'moderation.reason.offtopic' },
};

const TYPE_IDS: Record<ModerationContentType, { id: string }> = {
  discussion: { id: 'moderation.type.discussion' },
  post: { id: 'moderation.type.post' },
  status: { id: 'moderation.type.status' },
  comment: { id: 'moderation.type.comment' },
  poll: { id: 'moderation.type.poll' },
};

const STATUS_IDS: Record<ModerationStatus, { id: string }> = {
  open: { id: 'moderation.status.open' },
  hidden: { id: 'moderation.status.hidden' },
  deleted: { id: 'moderation.status.deleted' },
  ignored: { id: 'moderation.status.ignored' },
};
const STATUS_COLORS: Record<ModerationStatus, 'warning' | 'default' | 'error' | 'success'> = {
  open: 'warning',
  hidden: 'default',
  deleted: 'error',
  ignored: 'success',
};

export function ContentTypeLabel({ type }: { type: ModerationContentType }) {
  return <FormattedMessage {...TYPE_IDS[type]} />;
}

export function StatusLabel({ status }: { status: ModerationStatus }) {
  return <FormattedMessage {...STATUS_IDS[status]} />;
}

export function StatusChip({ status }: { status: ModerationStatus }) {
  return (
    <Chip size="small" color={STATUS_COLORS[status]} label={<FormattedMessage {...STATUS_IDS[status]} />} />
  );
}

export function ReasonChips({ reasons }: { reasons: FlagReason[] }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {reasons.map((r) => (
        <Chip key={r} size="small" variant="outlined" label={<FormattedMessage {...REASON_IDS[r]} />} />
      ))}
    </Box>
  );
}

/** Flaggers' usernames, with the bot's name translated. */
export function FlaggedBy({ names }: { names: string[] }) {
  const intl = useIntl();
  return (
    <>
      {names
        .map((n) => (n === BOT_FLAGGER_NAME ? intl.formatMessage({ id: 'moderation.bot.name' }) : n))
        .join(', ')}
    </>
  );
}
