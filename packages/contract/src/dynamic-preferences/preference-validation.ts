import type { PreferenceDefinition, PreferenceValue } from './preference-catalogue.ts';
import { URL_PLACEHOLDERS } from './preference-catalogue.ts';

/** Error codes of dynamic preferences' refusals (besides the shared `invalid`, `max_length`). */
export const DynamicPreferencesErrorCode = {
  /** General entry: some URL preferences were refused. */
  invalidUrls: 'invalid_urls',
  invalidUrl: 'invalid_url',
  urlPlaceholder: 'url_placeholder',
  invalidColor: 'invalid_color',
  notWritable: 'not_writable',
  unsafeHtml: 'unsafe_html',
} as const;

/** Why a value was refused: a stable code, the spec's English message, and values for its placeholders. */
export interface PreferenceProblem {
  code:
    | 'invalid'
    | 'max_length'
    | 'invalid_url'
    | 'url_placeholder'
    | 'invalid_color'
    | 'not_writable'
    | 'unsafe_html';
  message: string;
  params?: Record<string, string | number>;
}

export type PreferenceCheck = { ok: true; stored: string } | { ok: false; problem: PreferenceProblem };

const TRUE = new Set(['true', '1', 'True']);
const FALSE = new Set(['false', '0', 'False']);
const PLACEHOLDER = /\{([a-z_]+)\}/g;
const UNSAFE_HTML =
  /<\s*(script|iframe|object|embed|base|meta|link)\b|\son\w+\s*=|javascript:|data:text\/html/i;

function refuse(
  code: PreferenceProblem['code'],
  message: string,
  params?: PreferenceProblem['params'],
): PreferenceCheck {
  return { ok: false, problem: { code, message, ...(params ? { params } : {}) } };
}

function isAbsoluteUrl(value: string): boolean {
  try {
    const url = new URL(value.replace(PLACEHOLDER, 'x'));
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function checkTemplate(definition: PreferenceDefinition, value: string): PreferenceCheck {
  if (!isAbsoluteUrl(value)) return refuse('invalid_url', 'This input is not a valid url');
  const used = [...value.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
  if (used.some((name) => !(URL_PLACEHOLDERS as readonly string[]).includes(name))) {
    return refuse('url_placeholder', 'Url not valid. It contains an unknown placeholder.');
  }
  const required = definition.required ?? URL_PLACEHOLDERS;
  if (!used.some((name) => required.includes(name))) {
    const list = required.map((name) => `{${name}}`).join(' or ');
    // The spec's wording, 'Url not valid. It must contains {id}.', with the placeholder(s) this URL needs.
    return refuse('url_placeholder', `Url not valid. It must contains ${list}.`, { placeholder: list });
  }
  return { ok: true, stored: value };
}

/**
 * Checks one value against its definition and gives the text to store. Integers with a clamp are
 * clamped (incubator subscribers 10..1200), never refused.
 */
export function checkPreferenceValue(definition: PreferenceDefinition, raw: unknown): PreferenceCheck {
  const value = raw === null || raw === undefined ? '' : String(raw).trim();
  if (definition.readOnly) return refuse('not_writable', 'This setting cannot be written directly.');
  switch (definition.type) {
    case 'secret':
    case 'image':
      if (definition.type === 'image' && value === '') return { ok: true, stored: '' };
      return refuse('not_writable', 'This setting cannot be written directly.');
    case 'bool':
      if (TRUE.has(value)) return { ok: true, stored: 'true' };
      if (FALSE.has(value)) return { ok: true, stored: 'false' };
      return refuse('invalid', 'Enter true or false.');
    case 'int': {
      if (!/^-?\d+$/.test(value)) return refuse('invalid', 'Enter a whole number.');
      let n = Number(value);
      if (definition.clamp) n = Math.min(definition.clamp[1], Math.max(definition.clamp[0], n));
      if (definition.min !== undefined && n < definition.min) {
        return refuse('invalid', `Enter a number from ${definition.min} to ${definition.max}.`, {
          min: definition.min,
          max: definition.max ?? '',
        });
      }
      if (definition.max !== undefined && n > definition.max) {
        return refuse('invalid', `Enter a number from ${definition.min} to ${definition.max}.`, {
          min: definition.min ?? '',
          max: definition.max,
        });
      }
      return { ok: true, stored: String(n) };
    }
    case 'color':
      return /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value)
        ? { ok: true, stored: value.toLowerCase() }
        : refuse('invalid_color', 'Enter a colour as #rrggbb.');
    case 'enum':
      return definition.values?.includes(value)
        ? { ok: true, stored: value }
        : refuse('invalid', `Choose one of: ${definition.values?.join(', ')}.`);
    default:
      break;
  }
  if (definition.maxLength !== undefined && value.length > definition.maxLength) {
    return refuse('max_length', `Ensure this field has no more than ${definition.maxLength} characters.`, {
      max: definition.maxLength,
    });
  }
  if (value === '') return { ok: true, stored: '' };
  if (definition.pattern && !new RegExp(definition.pattern).test(value)) {
    return refuse('invalid', 'Enter a value in the expected format.', { pattern: definition.pattern });
  }
  switch (definition.type) {
    case 'url':
      return isAbsoluteUrl(value)
        ? { ok: true, stored: value }
        : refuse('invalid_url', 'This input is not a valid url');
    case 'url_template':
    case 'email_url':
      return checkTemplate(definition, value);
    case 'html':
      return UNSAFE_HTML.test(value)
        ? refuse('unsafe_html', 'Scripts, frames and event handlers are not allowed.')
        : { ok: true, stored: value };
    default:
      return { ok: true, stored: value };
  }
}

/** Reads a stored text as the preference's type: booleans true/false (otherwise null), integers. */
export function readPreferenceValue(
  definition: PreferenceDefinition,
  stored: string | null,
): PreferenceValue {
  if (definition.type === 'secret') return null;
  if (stored === null) return definition.default;
  if (definition.type === 'bool') return stored === 'true' ? true : stored === 'false' ? false : null;
  if (definition.type === 'int') {
    const n = Number.parseInt(stored, 10);
    return Number.isNaN(n) ? null : n;
  }
  return stored;
}

/** The general message when some URL overrides are refused (spec core §5). */
export const INVALID_URLS_MESSAGE = 'Some urls are not valid. Fix the problems and then save.';
