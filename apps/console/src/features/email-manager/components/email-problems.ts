import { EMAIL_SUBJECT_ADVICE, type EmailTemplateType } from '@agora/contract';
import { isHttpError } from '../../../core/http/http-error.ts';

/** The subject advice of spec mgmt §9 (40 to 60 characters), not enforced: the message id to show. */
export function subjectAdviceId(length: number): string {
  if (length < EMAIL_SUBJECT_ADVICE.min) return 'emailManager.subject.short';
  if (length > EMAIL_SUBJECT_ADVICE.max) return 'emailManager.subject.long';
  return 'emailManager.subject.good';
}

/**
 * What the server refused, per field (`subject.en`, `html.it`, `name`, `html`, `footer_links`), in its
 * own words (the reason names the variable or the problem); `general` when it names no field.
 */
export function refusalReasons(error: Error): Record<string, string> {
  if (!isHttpError(error)) return { general: error.message };
  const { fieldErrors, general } = error.parsed;
  const reasons: Record<string, string> = { ...fieldErrors };
  if (general) reasons.general = general;
  return Object.keys(reasons).length > 0 ? reasons : { general: error.message };
}

/** Inserts `{{name}}` at the cursor of a text field's value. */
export function insertVariable(
  value: string,
  name: string,
  start: number,
  end: number,
): { value: string; cursor: number } {
  const token = `{{${name}}}`;
  const from = Math.max(0, Math.min(start, value.length));
  const to = Math.max(from, Math.min(end, value.length));
  return { value: value.slice(0, from) + token + value.slice(to), cursor: from + token.length };
}

/** The words of a template's type (spec: system, invite, social analytics / data provisioning). */
export const TYPE_MESSAGES: Record<EmailTemplateType, string> = {
  system: 'emailManager.type.system',
  invite: 'emailManager.type.invite',
  data_provisioning: 'emailManager.type.data_provisioning',
};
