import type { IntlShape } from 'react-intl';
import { isHttpError, type HttpError } from '../../../core/http/http-error.ts';
import { parsedErrorsOf } from '../../../core/http/error-text.ts';

/** The server's refusals by field and code, worded in the admin's language. */
const FIELD_MESSAGES: Record<string, Record<string, string>> = {
  file: {
    required: 'mediaLibrary.error.fileRequired',
    invalid_image_format: 'mediaLibrary.error.fileFormat',
    image_too_large: 'mediaLibrary.error.fileTooLarge',
  },
  name: {
    invalid: 'mediaLibrary.error.fileName',
    unique: 'mediaLibrary.error.folderUnique',
  },
  alt: { max_length: 'mediaLibrary.error.alt' },
  folder: { invalid: 'mediaLibrary.error.folderNotFound' },
};

/** The message of one field of a failed call, or null. */
export function mediaFieldError(
  intl: IntlShape,
  error: unknown,
  field: string,
  folderName = false,
): string | null {
  const parsed = parsedErrorsOf(error);
  const message = parsed?.fieldErrors[field];
  if (message === undefined) return null;
  const code = parsed?.fieldCodes[field] ?? '';
  if (folderName && field === 'name' && code === 'invalid') {
    return intl.formatMessage({ id: 'mediaLibrary.error.folderName' });
  }
  const id = FIELD_MESSAGES[field]?.[code];
  return id ? intl.formatMessage({ id }) : message;
}

/** One line for a failed call: a body over the reader's limit (413), a field's message, else the server's. */
export function mediaErrorText(intl: IntlShape, error: unknown): string {
  if (isHttpError(error) && (error as HttpError).status === 413) {
    return intl.formatMessage({ id: 'mediaLibrary.error.fileTooLarge' });
  }
  for (const field of Object.keys(FIELD_MESSAGES)) {
    const text = mediaFieldError(intl, error, field);
    if (text) return text;
  }
  const general = parsedErrorsOf(error)?.general;
  return general ?? intl.formatMessage({ id: 'mediaLibrary.error.update' });
}

/** 1536 → "1.5 KB". */
export function formatBytes(intl: IntlShape, bytes: number): string {
  if (bytes < 1024) return `${intl.formatNumber(bytes)} B`;
  if (bytes < 1024 * 1024) return `${intl.formatNumber(bytes / 1024, { maximumFractionDigits: 1 })} KB`;
  return `${intl.formatNumber(bytes / (1024 * 1024), { maximumFractionDigits: 1 })} MB`;
}
