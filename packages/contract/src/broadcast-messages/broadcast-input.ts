import { isMenuUrl } from '../menus/menu-input.ts';
import {
  BROADCAST_LINK_MAX,
  BROADCAST_LINK_TEXT_MAX,
  BROADCAST_MESSAGES as M,
  BROADCAST_NAME_MAX,
  BROADCAST_TEXT_MAX,
  BROADCAST_TITLE_MAX,
  type BroadcastWriteBody,
} from './broadcast-schemas.ts';

export interface BroadcastProblem {
  field: string;
  code: 'required' | 'invalid' | 'max_length';
  message: string;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** An internal page: a path of the community (`/categories/`, `/posts/1?x#y`), never `//host`. */
export function isInternalLink(value: string): boolean {
  return (
    value.startsWith('/') && !value.startsWith('//') && value.length <= BROADCAST_LINK_MAX && isMenuUrl(value)
  );
}

/** An external page: an absolute http(s) URL with a host. */
export function isExternalLink(value: string): boolean {
  return /^https?:\/\//i.test(value) && value.length <= BROADCAST_LINK_MAX && isMenuUrl(value);
}

function text(
  problems: BroadcastProblem[],
  field: string,
  value: string | undefined,
  max: number,
  tooLong: string,
  required: boolean,
): void {
  const v = (value ?? '').trim();
  if (v === '') {
    if (required) problems.push({ field, code: 'required', message: M.required });
  } else if (CONTROL.test(v)) problems.push({ field, code: 'invalid', message: M.required });
  else if (v.length > max) problems.push({ field, code: 'max_length', message: tooLong });
}

/**
 * Checks a message's fields (console dialog and server alike). With `partial`, absent fields pass.
 * The text's 180 characters are advice only (spec mgmt §5), its hard limit is `BROADCAST_TEXT_MAX`.
 */
export function checkBroadcastInput(input: BroadcastWriteBody, partial = false): BroadcastProblem[] {
  const problems: BroadcastProblem[] = [];
  const has = (key: keyof BroadcastWriteBody) => !partial || input[key] !== undefined;
  if (has('name')) text(problems, 'name', input.name, BROADCAST_NAME_MAX, M.nameTooLong, true);
  if (has('title')) text(problems, 'title', input.title, BROADCAST_TITLE_MAX, M.titleTooLong, true);
  if (has('body_text')) text(problems, 'body_text', input.body_text, BROADCAST_TEXT_MAX, M.textTooLong, true);
  if (input.link_text !== undefined) {
    text(problems, 'link_text', input.link_text, BROADCAST_LINK_TEXT_MAX, M.linkTextTooLong, false);
  }
  const link = (input.link ?? '').trim();
  if (link !== '') {
    const type = input.link_type ?? 'external';
    if (type === 'internal' && !isInternalLink(link)) {
      problems.push({ field: 'link', code: 'invalid', message: M.invalidInternalLink });
    } else if (type === 'external' && !isExternalLink(link)) {
      problems.push({ field: 'link', code: 'invalid', message: M.invalidExternalLink });
    }
  } else if (!partial && (input.link_text ?? '').trim() !== '') {
    problems.push({ field: 'link', code: 'required', message: M.linkTextWithoutLink });
  }
  if (!partial || input.audience !== undefined) {
    const audience = input.audience ?? 'all';
    if (audience === 'tags' && (input.audience_tags ?? []).length === 0) {
      problems.push({ field: 'audience_tags', code: 'required', message: M.tagsRequired });
    }
    if (audience === 'users' && (input.audience_users ?? []).length === 0) {
      problems.push({ field: 'audience_users', code: 'required', message: M.usersRequired });
    }
  }
  return problems;
}
