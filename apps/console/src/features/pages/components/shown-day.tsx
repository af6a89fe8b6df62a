import { FormattedDate, FormattedMessage } from 'react-intl';

/** A validity day in the console's language, or 'none' (ADR 0016). */
export function ShownDay({ day }: { day: string | null }) {
  if (!day) return <FormattedMessage id="pages.legal.noDate" />;
  return (
    <FormattedDate value={`${day}T00:00:00Z`} timeZone="UTC" day="numeric" month="short" year="numeric" />
  );
}
