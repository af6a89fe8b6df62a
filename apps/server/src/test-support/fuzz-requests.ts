import fc from 'fast-check';
import type { RouteEntry } from '../platform/http/route-table.ts';
import { arbitraryFor, jsonText, propertyArbitraries } from './schema-arbitrary.ts';

/** One request as app.inject takes it. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What the request tries, for the failure report. */
  label: string;
}

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MULTIPART_BOUNDARY = 'fuzz-boundary-7MA4YWxkTrZu0gW';
/** The first bytes of a PNG: enough to look like an image upload. */
const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

function pathParameterNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] as string);
}

/** A generated value as the text of a path segment, a query value or a form field. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return jsonText(value);
  return String(value);
}

/** A path segment, percent-encoded byte by byte (a lone surrogate becomes U+FFFD rather than throw). */
function segment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

/** The route's path with each `:name` replaced by its (already encoded) segment. */
export function pathWith(url: string, segments: Record<string, string>): string {
  return url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => segments[name] ?? '1');
}

function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, asText(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A body's fields as form pairs: lists repeat their key, objects travel as JSON text. */
function formPairs(body: unknown): [string, string][] {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return [['value', asText(body)]];
  return Object.entries(body).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((item): [string, string] => [key, asText(item)]),
  );
}

export function multipartBody(pairs: [string, string][], file?: { field: string; bytes: Buffer }): Buffer {
  const chunks: Buffer[] = pairs.map(([key, value]) =>
    Buffer.from(
      `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${key.replace(/"/g, '')}"\r\n\r\n${value}\r\n`,
    ),
  );
  if (file) {
    chunks.push(
      Buffer.from(
        `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; filename="f.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

export const MULTIPART_TYPE = `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`;

type Encoding = 'json' | 'form' | 'multipart';

function encodeBody(body: unknown, encoding: Encoding, withFile: boolean) {
  if (encoding === 'json') {
    return { payload: jsonText(body), headers: { 'content-type': 'application/json' } };
  }
  if (encoding === 'form') {
    return {
      payload: new URLSearchParams(formPairs(body)).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }
  const file = withFile ? { field: 'file', bytes: PNG_HEAD } : undefined;
  return { payload: multipartBody(formPairs(body), file), headers: { 'content-type': MULTIPART_TYPE } };
}

/**
 * Requests generated from a route's schemas: path parameters (the community is always `slug`), query
 * fields and a body in JSON, form or multipart encoding (multipart with a file when the route takes one).
 */
export function generatedRequests(route: RouteEntry, slug: string): fc.Arbitrary<FuzzRequest> {
  const params = propertyArbitraries(route.schema.params);
  const segments: Record<string, fc.Arbitrary<string>> = {};
  for (const name of pathParameterNames(route.url)) {
    segments[name] =
      name === 'slug'
        ? fc.constant(slug)
        : (params[name] ?? fc.integer({ min: 1, max: 20 })).map((v) => segment(asText(v)));
  }
  const query = route.schema.querystring
    ? fc.record(propertyArbitraries(route.schema.querystring), { requiredKeys: [] })
    : fc.constant({});
  const takesMultipart = route.schema.consumes?.includes('multipart/form-data') === true;
  const body = WITH_BODY.has(route.method)
    ? fc.record({
        value: arbitraryFor(route.schema.body),
        encoding: fc.constantFrom<Encoding>('json', 'json', 'form', 'multipart'),
        withFile: fc.boolean().map((b) => b && takesMultipart),
      })
    : fc.constant(undefined);
  return fc
    .record({ segments: fc.record(segments), query, body })
    .map(({ segments: s, query: q, body: b }) => {
      const url = `${pathWith(route.url, s)}${queryString(q as Record<string, unknown>)}`;
      if (!b) return { method: route.method, url, headers: {}, label: 'generated' };
      const encoded = encodeBody(b.value, b.encoding, b.withFile);
      return { method: route.method, url, label: `generated ${b.encoding}`, ...encoded };
    });
}

function deeplyNested(depth: number): string {
  return `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;
}

/**
 * The hostile requests of issue 10, for one route: NUL, out-of-range and unsafe numbers, wrong content
 * types, broken multipart, deep nesting, empty bodies, invalid JSON, very long parameters and bad
 * percent-encoding, in the path, the query and the body.
 */
export function hostileRequests(route: RouteEntry, slug: string): FuzzRequest[] {
  const names = pathParameterNames(route.url);
  const ordinary = Object.fromEntries(names.map((n) => [n, n === 'slug' ? slug : '1']));
  const path = (segment: string) =>
    names
      .filter((n) => n !== 'slug' || names.length === 1)
      .map((n) => ({ url: pathWith(route.url, { ...ordinary, [n]: segment }), name: n }));
  const base = pathWith(route.url, ordinary);
  const requests: FuzzRequest[] = [];
  const add = (label: string, url: string, payload?: string | Buffer, contentType?: string) =>
    requests.push({
      method: route.method,
      url,
      headers: contentType ? { 'content-type': contentType } : {},
      ...(payload === undefined ? {} : { payload }),
      label,
    });

  for (const segment of ['%00', '9007199254740993', '2147483648', '1e308', '%C3%28', 'x'.repeat(3000)]) {
    for (const { url, name } of path(segment)) add(`path ${name}=${segment.slice(0, 20)}`, url);
  }
  const queryFields = Object.keys(propertyArbitraries(route.schema.querystring));
  for (const value of [
    '%00',
    '1e308',
    '9007199254740993',
    '2147483648',
    '-1',
    '%E0%A4%A',
    'x'.repeat(10000),
    // JSON text in a query value (the Cube API's `query`), with an escaped NUL and an unsafe integer
    encodeURIComponent('{"dimensions":["Users.username\\u0000"],"limit":9007199254740993}'),
    encodeURIComponent(
      '{"measures":["Users.count"],"filters":[{"member":"Users.id","operator":"equals","values":["\\u0000"]}]}',
    ),
  ]) {
    const fields = queryFields.length > 0 ? queryFields : ['q'];
    add(`query=${value.slice(0, 20)}`, `${base}?${fields.map((f) => `${f}=${value}`).join('&')}`);
  }
  if (queryFields.length > 0)
    add('query repeated', `${base}?${queryFields.map((f) => `${f}=1&${f}=2`).join('&')}`);
  if (!WITH_BODY.has(route.method)) return requests;

  const bodyFields = Object.keys(propertyArbitraries(route.schema.body));
  const everyField = (value: string) =>
    `{${(bodyFields.length > 0 ? bodyFields : ['value']).map((f) => `${JSON.stringify(f)}: ${value}`).join(', ')}}`;
  for (const value of [
    '"\\u0000"',
    '1e308',
    '9007199254740993',
    '-2147483649',
    '"2147483648"',
    '[2147483648]',
    // JSON text inside a field (a dashboard layout), spelling NUL as an escape
    JSON.stringify(JSON.stringify({ a: '\u0000', n: 1e308 })),
    '{"id": 2147483648}',
    '[]',
    'null',
  ]) {
    add(`body every field=${value}`, base, everyField(value), 'application/json');
  }
  add('body invalid JSON', base, '{"a": ', 'application/json');
  add('body empty JSON', base, '', 'application/json');
  add('body absent', base);
  add('body JSON null', base, 'null', 'application/json');
  add('body JSON array', base, '[1,2]', 'application/json');
  add('body JSON string', base, '"\\u0000"', 'application/json');
  add('body deep nesting', base, deeplyNested(3000), 'application/json');
  add('body text/plain', base, 'hello\u0000', 'text/plain');
  add('body XML', base, '<a>1</a>', 'application/xml');
  add('body octet-stream', base, PNG_HEAD, 'application/octet-stream');
  add('body form NUL', base, 'a=%00&b=1e308', 'application/x-www-form-urlencoded');
  add('body form bad encoding', base, 'a=%E0%A4%A&b', 'application/x-www-form-urlencoded');
  add('multipart without boundary', base, '--x\r\n', 'multipart/form-data');
  add('multipart cut short', base, `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-da`, MULTIPART_TYPE);
  add(
    'multipart over the fields limit',
    base,
    multipartBody(Array.from({ length: 150 }, (_, i): [string, string] => [`f${i}`, 'v'])),
    MULTIPART_TYPE,
  );
  add(
    'multipart NUL field',
    base,
    multipartBody([
      ['name', 'a\u0000'],
      ['__proto__', 'x'],
    ]),
    MULTIPART_TYPE,
  );
  add('multipart files only', base, multipartBody([], { field: 'file', bytes: PNG_HEAD }), MULTIPART_TYPE);
  add(
    'multipart every field hostile',
    base,
    multipartBody(bodyFields.map((f): [string, string] => [f, '9007199254740993'])),
    MULTIPART_TYPE,
  );
  return requests;
}
