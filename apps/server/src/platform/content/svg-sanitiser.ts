/**
 * An uploaded SVG is rewritten from an allow-list before it is stored (issue 13 §6): the file is read
 * as XML tokens and written again with only known drawing elements and attributes. Whatever can run or
 * reach out is not written back: `<script>`, `<foreignObject>`, `<image>`, animations, event handler
 * attributes (`on…`), links other than same-document ones (`href="#id"`), `url(…)` other than
 * `url(#id)`, CSS `@import`, comments, processing instructions and DOCTYPEs (so no entity expansion).
 * Anything that is not well-formed is refused rather than guessed at.
 */

export class InvalidSvgError extends Error {
  constructor(reason: string) {
    super(`Invalid SVG: ${reason}`);
    this.name = 'InvalidSvgError';
  }
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

const ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'title',
  'desc',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'style',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComposite',
  'feDropShadow',
  'feFlood',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feOffset',
]);

const ATTRIBUTES = new Set([
  'id',
  'class',
  'style',
  'version',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'd',
  'points',
  'viewBox',
  'preserveAspectRatio',
  'transform',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'opacity',
  'color',
  'clip-path',
  'clip-rule',
  'clipPathUnits',
  'mask',
  'maskUnits',
  'maskContentUnits',
  'filter',
  'filterUnits',
  'primitiveUnits',
  'stop-color',
  'stop-opacity',
  'offset',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
  'marker-start',
  'marker-mid',
  'marker-end',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'dx',
  'dy',
  'display',
  'visibility',
  'stdDeviation',
  'in',
  'in2',
  'result',
  'mode',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'values',
  'type',
  'flood-color',
  'flood-opacity',
  'shape-rendering',
  'vector-effect',
  'role',
  'aria-label',
  'aria-hidden',
  'focusable',
]);

const NAME = /^[A-Za-z_][A-Za-z0-9_.:-]*/;

/** A value may name only same-document resources: every `url(` must point at `#…`. */
function safeValue(value: string): boolean {
  const lower = value.toLowerCase();
  if (/javascript:|vbscript:|data:|expression\s*\(|@import|\\/.test(lower)) return false;
  const urls = lower.match(/url\s*\(\s*['"]?\s*./g) ?? [];
  return urls.every((u) => u.endsWith('#'));
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decodes the predefined XML entities and character references; any other entity is refused. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z][A-Za-z0-9]*);?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) throw new InvalidSvgError('bare ampersand');
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff)
        throw new InvalidSvgError('character reference');
      return String.fromCodePoint(code);
    }
    const known = ENTITIES[ref];
    if (known === undefined) throw new InvalidSvgError(`entity &${ref};`);
    return known;
  });
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

interface Attribute {
  name: string;
  value: string;
}

function keepAttribute(element: string, { name, value }: Attribute): boolean {
  if (name === 'xmlns') return value === SVG_NS;
  if (name === 'xmlns:xlink') return value === XLINK_NS;
  if (name === 'href' || name === 'xlink:href')
    return element === 'use' || /gradient|pattern|filter/i.test(element)
      ? /^#[A-Za-z0-9_.:-]+$/.test(value.trim())
      : false;
  if (!ATTRIBUTES.has(name)) return false;
  return safeValue(value);
}

/** The sanitised SVG document (UTF-8 text); throws InvalidSvgError when it cannot be read as one. */
export function sanitiseSvg(input: string): string {
  let source = input.replace(/^\uFEFF/, '');
  if (source.includes('\u0000')) throw new InvalidSvgError('NUL character');
  source = source.trim();
  let at = 0;
  let out = '';
  const open: string[] = [];
  /** Depth inside a dropped element: its whole subtree is skipped. */
  let skipping = 0;
  let sawRoot = false;
  let rootClosed = false;

  const expect = (token: string, what: string) => {
    const end = source.indexOf(token, at);
    if (end < 0) throw new InvalidSvgError(`unterminated ${what}`);
    return end;
  };

  while (at < source.length) {
    if (source.startsWith('<!--', at)) {
      at = expect('-->', 'comment') + 3;
      continue;
    }
    if (source.startsWith('<![CDATA[', at)) {
      const end = expect(']]>', 'CDATA');
      const text = source.slice(at + 9, end);
      at = end + 3;
      if (skipping === 0 && open.length > 0) out += escapeText(text);
      continue;
    }
    if (source.startsWith('<!', at)) {
      // DOCTYPE (with or without an internal subset): dropped, so declared entities never apply.
      const bracket = source.indexOf('[', at);
      const close = source.indexOf('>', at);
      if (close < 0) throw new InvalidSvgError('unterminated declaration');
      at = bracket >= 0 && bracket < close ? expect(']', 'DOCTYPE') : close;
      at = source.indexOf('>', at) + 1;
      if (at <= 0) throw new InvalidSvgError('unterminated declaration');
      continue;
    }
    if (source.startsWith('<?', at)) {
      at = expect('?>', 'processing instruction') + 2;
      continue;
    }
    if (source.startsWith('</', at)) {
      const end = expect('>', 'end tag');
      const name = source.slice(at + 2, end).trim();
      at = end + 1;
      const top = open.pop();
      if (top !== name) throw new InvalidSvgError(`</${name}> does not close <${top ?? ''}>`);
      if (skipping > 0) skipping -= 1;
      else out += `</${name}>`;
      if (open.length === 0) rootClosed = true;
      continue;
    }
    if (source[at] === '<') {
      if (rootClosed) throw new InvalidSvgError('content after the root element');
      at += 1;
      const name = NAME.exec(source.slice(at))?.[0];
      if (!name) throw new InvalidSvgError('tag name');
      at += name.length;
      const attributes: Attribute[] = [];
      let selfClosing = false;
      for (;;) {
        const space = /^\s*/.exec(source.slice(at))?.[0] ?? '';
        at += space.length;
        if (source.startsWith('/>', at)) {
          selfClosing = true;
          at += 2;
          break;
        }
        if (source[at] === '>') {
          at += 1;
          break;
        }
        if (space === '') throw new InvalidSvgError(`<${name}> is not well-formed`);
        const attribute = NAME.exec(source.slice(at))?.[0];
        if (!attribute) throw new InvalidSvgError(`attribute of <${name}>`);
        at += attribute.length;
        const equals = /^\s*=\s*/.exec(source.slice(at))?.[0];
        if (!equals) throw new InvalidSvgError(`attribute ${attribute} without a value`);
        at += equals.length;
        const quote = source[at];
        if (quote !== '"' && quote !== "'") throw new InvalidSvgError(`unquoted attribute ${attribute}`);
        const end = source.indexOf(quote, at + 1);
        if (end < 0) throw new InvalidSvgError(`unterminated attribute ${attribute}`);
        const raw = source.slice(at + 1, end);
        if (raw.includes('<')) throw new InvalidSvgError(`'<' in attribute ${attribute}`);
        attributes.push({ name: attribute, value: decodeEntities(raw) });
        at = end + 1;
      }
      if (!sawRoot) {
        if (name !== 'svg') throw new InvalidSvgError('the root element is not <svg>');
        sawRoot = true;
      }
      const dropped = skipping > 0 || !ELEMENTS.has(name);
      if (dropped) {
        if (!selfClosing) {
          open.push(name);
          skipping += 1;
        }
        continue;
      }
      const kept = attributes.filter((a) => keepAttribute(name, a));
      if (name === 'svg' && open.length === 0 && !kept.some((a) => a.name === 'xmlns')) {
        kept.unshift({ name: 'xmlns', value: SVG_NS });
      }
      out += `<${name}${kept.map((a) => ` ${a.name}="${escapeAttribute(a.value)}"`).join('')}${selfClosing ? '/>' : '>'}`;
      if (!selfClosing) open.push(name);
      else if (open.length === 0) rootClosed = true;
      continue;
    }
    // Text up to the next tag.
    const next = source.indexOf('<', at);
    const text = source.slice(at, next < 0 ? source.length : next);
    at = next < 0 ? source.length : next;
    if (open.length === 0) {
      if (text.trim() !== '') throw new InvalidSvgError('text outside the root element');
      continue;
    }
    if (skipping > 0) continue;
    const decoded = decodeEntities(text);
    // A style sheet that reaches outside the image is left out whole.
    if (open[open.length - 1] === 'style' && !safeValue(decoded)) continue;
    out += escapeText(decoded);
  }
  if (!sawRoot) throw new InvalidSvgError('no <svg> element');
  if (open.length > 0) throw new InvalidSvgError(`<${open[open.length - 1]}> is not closed`);
  return out;
}

/** Whether the bytes look like an SVG document (after an optional BOM, XML declaration and comments). */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 2048))
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return /^\s*(<\?xml[\s\S]*?\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(head);
}
