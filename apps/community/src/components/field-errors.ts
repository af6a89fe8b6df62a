/** The member API's refusal as fields → their first refusal (`errors[].field`), plus what names no field. */
export interface FieldRefusal {
  fields: Record<string, { code: string; message: string }>;
  general: string[];
}

/** Reads a refusal's envelope (kept on the error by the API caller) into per-field messages. */
export function fieldRefusal(error: unknown): FieldRefusal {
  const body = (error as { body?: { errors?: { field?: string; code?: string; message?: string }[] } } | null)
    ?.body;
  const fields: FieldRefusal['fields'] = {};
  const general: string[] = [];
  for (const entry of body?.errors ?? []) {
    if (entry.field && !fields[entry.field])
      fields[entry.field] = { code: entry.code ?? '', message: entry.message ?? '' };
    else if (!entry.field && entry.message) general.push(entry.message);
  }
  if (general.length === 0 && Object.keys(fields).length === 0 && error instanceof Error)
    general.push(error.message);
  return { fields, general };
}

/** Refusal codes the site words itself (in the page's language); others show the server's text. */
export const WORDED_REFUSALS: ReadonlySet<string> = new Set([
  'required',
  'invalid',
  'unique',
  'min_length',
  'password_too_common',
  'password_too_similar',
  'password_too_weak',
]);

/** The message id for a field's refusal, or undefined to show the server's own text. */
export function refusalMessageId(code: string): string | undefined {
  return WORDED_REFUSALS.has(code) ? `site.field.${code}` : undefined;
}
