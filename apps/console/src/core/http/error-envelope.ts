import { errorEntrySchema } from '@agora/contract';
import { z } from 'zod';

export const GENERIC_ERROR_MESSAGE = 'An error has occurred. Try later.';

/** What a form needs from a failed call (spec core §5: first message per field, or a general error). */
export interface ParsedErrors {
  fieldErrors: Record<string, string>;
  /** The code of the first error of each field. */
  fieldCodes: Record<string, string>;
  general?: string;
  /** The code of the general error, when there is one. */
  generalCode?: string;
  codes: string[];
  /** True when the answer held no structured errors; show the generic message. */
  generic: boolean;
}

const looseEntrySchema = errorEntrySchema.partial({ messages: true, message: true });
const envelopeSchema = z.object({ errors: z.union([z.array(looseEntrySchema), looseEntrySchema]) });

export function parseErrorEnvelope(body: unknown): ParsedErrors {
  const parsed = envelopeSchema.safeParse(body);
  const entries = parsed.success
    ? Array.isArray(parsed.data.errors)
      ? parsed.data.errors
      : [parsed.data.errors]
    : [];
  if (entries.length === 0) {
    return { fieldErrors: {}, fieldCodes: {}, general: GENERIC_ERROR_MESSAGE, codes: [], generic: true };
  }
  const result: ParsedErrors = { fieldErrors: {}, fieldCodes: {}, codes: [], generic: false };
  for (const entry of entries) {
    const message = entry.messages?.[0]?.message ?? entry.message ?? GENERIC_ERROR_MESSAGE;
    result.codes.push(entry.code);
    if (entry.field) {
      if (!(entry.field in result.fieldErrors)) {
        result.fieldErrors[entry.field] = message;
        result.fieldCodes[entry.field] = entry.messages?.[0]?.code ?? entry.code;
      }
    } else if (result.general === undefined) {
      result.general = entry.message ?? message;
      result.generalCode = entry.code;
    }
  }
  return result;
}
