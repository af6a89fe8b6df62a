import { FormattedMessage } from 'react-intl';
import { CellValue } from './cell-value.tsx';

/** A content's type as the tables name it (the engine answers the stored key). */
export const CONTENT_TYPE_IDS: Readonly<Record<string, string>> = {
  discussion: 'analytics.value.type.discussion',
  post: 'analytics.value.type.post',
  status: 'analytics.value.type.status',
  comment: 'analytics.value.type.comment',
  poll: 'analytics.value.type.poll',
};

/** A member's standing as the tables name it. */
export const MEMBER_STATUS_IDS: Readonly<Record<string, string>> = {
  active: 'analytics.value.status.active',
  pending: 'analytics.value.status.pending',
  ignored: 'analytics.value.status.ignored',
  banned: 'analytics.value.status.banned',
  deleted: 'analytics.value.status.deleted',
  fully_deleted: 'analytics.value.status.fullyDeleted',
};

/** A stored key shown in the reader's language; a key the console does not know is shown as it is. */
export function ValueLabel({ value, ids }: { value: unknown; ids: Readonly<Record<string, string>> }) {
  const id = typeof value === 'string' ? ids[value] : undefined;
  return id ? <FormattedMessage id={id} /> : <CellValue value={value} />;
}
