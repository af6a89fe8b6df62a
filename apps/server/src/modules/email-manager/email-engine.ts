import Mustache from 'mustache';
import { EMAIL_MANAGER_MESSAGES as M } from '@agora/contract';

// Stored templates are many and arbitrary: parse each time instead of keeping every text ever seen.
Mustache.templateCache = undefined;

/** Why a template or theme cannot be used, in words an owner can act on. */
export class TemplateProblem extends Error {}

type Token = [string, string, number, number, Token[]?];

/** A view holds plain values only: no function a template could call (no lambdas). */
export type EmailView = Record<string, string | number | boolean | ReadonlyArray<Record<string, string>>>;

/**
 * `template`: a body or subject (may include its sections with `{{> name}}`); `section`: a block of a
 * template (includes nothing); `theme`: the frame (its one triple-stache is the content slot).
 */
export type SourceKind = 'template' | 'section' | 'theme';

function parse(source: string): Token[] {
  try {
    return Mustache.parse(source) as unknown as Token[];
  } catch (error) {
    throw new TemplateProblem(M.parseError.replace('{reason}', (error as Error).message));
  }
}

interface Rules {
  allowed: ReadonlySet<string>;
  kind: SourceKind;
  sections: ReadonlySet<string>;
}

function walk(tokens: Token[], rules: Rules, depth: number): number {
  const { allowed, kind } = rules;
  let slots = 0;
  for (const token of tokens) {
    const [type, name] = token;
    if (type === 'text' || type === '!') continue;
    if (type === '=') throw new TemplateProblem(M.partial);
    if (type === '>') {
      if (kind === 'section') throw new TemplateProblem(M.sectionInSection);
      if (kind !== 'template') throw new TemplateProblem(M.partial);
      if (!rules.sections.has(name)) throw new TemplateProblem(M.unknownSection.replace('{name}', name));
      continue;
    }
    if (type === '&') {
      if (kind !== 'theme' || name !== 'content') throw new TemplateProblem(M.tripleStache);
      slots += 1;
      continue;
    }
    // Inside a section, `{{.}}` is the current value.
    if (!(name === '.' && depth > 0) && !allowed.has(name)) {
      throw new TemplateProblem(M.unknownVariable.replace('{name}', name));
    }
    if ((type === '#' || type === '^') && token[4]) slots += walk(token[4], rules, depth + 1);
  }
  return slots;
}

/**
 * Checks a template or theme before it is stored or used: it parses, names only `allowed` variables,
 * includes only its own `sections` (a template's body or subject; a section includes nothing), holds
 * no delimiter change, and uses the triple-stache only for a theme's content slot, which a theme must
 * hold exactly once. Throws a `TemplateProblem` with the reason.
 */
export function checkSource(
  source: string,
  allowed: readonly string[],
  kind: SourceKind,
  sections: readonly string[] = [],
): void {
  const slots = walk(parse(source), { allowed: new Set(allowed), kind, sections: new Set(sections) }, 0);
  if (kind === 'theme' && slots !== 1) throw new TemplateProblem(M.noContentSlot);
}

const plain = (value: unknown) => String(value);
const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** The five characters that matter in text and quoted attributes; URLs keep their slashes. */
const escapeHtml = (value: unknown) => String(value).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * Renders a checked source; `html` escapes every value, otherwise (a subject) values go in as they are.
 * `sections` (name → source) are what a template includes with `{{> name}}`, each checked first.
 */
export function renderSource(
  source: string,
  view: EmailView,
  allowed: readonly string[],
  kind: SourceKind,
  html: boolean,
  sections: Readonly<Record<string, string>> = {},
): string {
  const names = Object.keys(sections);
  for (const name of names) checkSource(sections[name]!, allowed, 'section');
  checkSource(source, allowed, kind, names);
  return Mustache.render(source, view, { ...sections }, { escape: html ? escapeHtml : plain });
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref.startsWith('#x') || ref.startsWith('#X')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** The plain-text part of an email, from its HTML: paragraphs and breaks kept, links spelled out. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(head|style|script|title)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\s[^>]*href\s*=\s*"([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_w, href: string, label: string) => {
      const shown = label.replace(/<[^>]*>/g, '').trim();
      return shown === '' || decode(shown) === decode(href) ? href : `${shown} (${href})`;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|table|blockquote|pre)>/gi, '\n\n')
    .replace(/<hr\s*\/?>/gi, '\n---\n')
    .replace(/<[^>]*>/g, '');
  return decode(text)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
