import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries generated from a route's zod schema (through its JSON Schema, input side):
 * mostly values the schema accepts, with a share of hostile leaves (NUL, huge and unsafe numbers,
 * wrong types, long text) so that both the happy path and the validation are exercised.
 */
type JsonSchema = boolean | Record<string, unknown>;

/** Stands for `9007199254740993` (a number JSON.stringify cannot write): replaced in the raw body text. */
export const UNSAFE_INTEGER_MARK = '\u0001unsafe-integer\u0001';

/** Writes a generated body as JSON text, putting the unsafe integer back where its mark is. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value).replaceAll(JSON.stringify(UNSAFE_INTEGER_MARK), '9007199254740993');
}

export const hostileLeaf: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  '\u0000',
  'a\u0000b',
  1e308,
  -1e308,
  UNSAFE_INTEGER_MARK,
  2147483648,
  -2147483649,
  0,
  -1,
  1.5,
  '',
  ' ',
  '1e308',
  '9007199254740993',
  '99999999999',
  'x'.repeat(5000),
  '\u{1F600}\uD800',
  '%00',
  '../../etc/passwd',
  "' OR 1=1 --",
  true,
  null,
  [],
  {},
  [[[[[[[[[[[]]]]]]]]]]],
  JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": 1}}') as unknown,
);

const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 2 });

function numberBound(schema: Record<string, unknown>, key: 'minimum' | 'maximum'): number | undefined {
  const value = schema[key];
  const exclusive = schema[key === 'minimum' ? 'exclusiveMinimum' : 'exclusiveMaximum'];
  if (typeof exclusive === 'number') return exclusive;
  return typeof value === 'number' ? value : undefined;
}

function stringArbitrary(schema: Record<string, unknown>): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uri' || schema.format === 'url') return fc.webUrl();
  if (schema.format === 'date-time') {
    return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  }
  if (schema.format === 'date') {
    return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  }
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // An expression fast-check cannot generate from: plain text below.
    }
  }
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = Math.max(
    minLength,
    Math.min(typeof schema.maxLength === 'number' ? schema.maxLength : 30, 60),
  );
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ minLength, maxLength, unit: 'grapheme' }),
    fc.integer({ min: 1, max: 50 }).map(String),
  );
}

function integerArbitrary(schema: Record<string, unknown>): fc.Arbitrary<number> {
  const min = numberBound(schema, 'minimum') ?? -1000;
  const max = numberBound(schema, 'maximum') ?? 1000;
  const low = Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER);
  const high = Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER);
  if (low > high) return fc.constant(low);
  // Small values first: they name rows that exist; the bounds themselves too.
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: Math.max(low, -5), max: Math.max(Math.min(high, 20), low) }) },
    { weight: 1, arbitrary: fc.integer({ min: low, max: high }) },
    { weight: 1, arbitrary: fc.constantFrom(low, high) },
  );
}

class Generator {
  readonly #defs: Record<string, JsonSchema>;

  constructor(root: Record<string, unknown>) {
    this.#defs = { ...((root.$defs ?? root.definitions ?? {}) as Record<string, JsonSchema>) };
  }

  valueOf(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    const valid = this.#valid(schema, depth);
    return fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: hostileLeaf });
  }

  #valid(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    if (schema === true || schema === false) return anyJson;
    if (depth > 6) return anyJson;
    if (typeof schema.$ref === 'string') {
      const name = schema.$ref.split('/').pop() ?? '';
      const target = this.#defs[name];
      return target === undefined ? anyJson : this.#valid(target, depth + 1);
    }
    if ('const' in schema) return fc.constant(schema.const);
    if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
    const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
    if (Array.isArray(options) && options.length > 0) {
      return fc.oneof(...options.map((option) => this.#valid(option, depth + 1)));
    }
    if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
      return this.#valid(schema.allOf[0] as JsonSchema, depth + 1);
    }
    if (Array.isArray(schema.type)) {
      return fc.oneof(...schema.type.map((type) => this.#valid({ ...schema, type }, depth + 1)));
    }
    switch (schema.type) {
      case 'string':
        return stringArbitrary(schema);
      case 'integer':
        return integerArbitrary(schema);
      case 'number':
        return fc.oneof(integerArbitrary(schema), fc.double({ noNaN: true, noDefaultInfinity: true }));
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const items = (schema.items ?? true) as JsonSchema;
        const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
        const maxLength = Math.max(
          minLength,
          Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 4, 6),
        );
        return fc.array(this.valueOf(items, depth + 1), { minLength, maxLength });
      }
      case 'object':
        return this.#object(schema, depth);
      default:
        return anyJson;
    }
  }

  #object(schema: Record<string, unknown>, depth: number): fc.Arbitrary<unknown> {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema.required ?? []) as string[]);
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, property] of Object.entries(properties)) model[key] = this.valueOf(property, depth + 1);
    const keys = Object.keys(model);
    if (keys.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 3 });
    return fc.record(model, { requiredKeys: keys.filter((k) => required.has(k)) });
  }
}

/** The JSON Schema of a zod schema's input (what a caller sends), or undefined when it has none. */
export function inputJsonSchema(schema: unknown): Record<string, unknown> | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref' }) as Record<
    string,
    unknown
  >;
}

/** Values for a zod schema (any JSON when there is none). */
export function arbitraryFor(schema: unknown): fc.Arbitrary<unknown> {
  const json = inputJsonSchema(schema);
  if (!json) return anyJson;
  return new Generator(json).valueOf(json, 0);
}

/** The generated values of each named property of an object schema (path parameters, query fields). */
export function propertyArbitraries(schema: unknown): Record<string, fc.Arbitrary<unknown>> {
  const json = inputJsonSchema(schema);
  if (!json) return {};
  const generator = new Generator(json);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  return Object.fromEntries(
    Object.entries(properties).map(([key, property]) => [key, generator.valueOf(property, 1)]),
  );
}
