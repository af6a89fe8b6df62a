import { FormattedMessage } from 'react-intl';
import { refusalMessageId } from './field-errors.ts';

/** A field's refusal in the page's language when the site knows its code, else as the server said it. */
export function RefusalText({ refusal }: { refusal: { code: string; message: string } | undefined }) {
  if (!refusal) return null;
  const id = refusalMessageId(refusal.code);
  return id ? <FormattedMessage id={id} /> : <>{refusal.message}</>;
}
