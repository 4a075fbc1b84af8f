import fc from 'fast-check';
import { z } from 'zod';

/**
 * Request parts for the fuzzing suite: values shaped by a route's zod schema (through its JSON
 * Schema, as zod 4 produces it), mixed with hostile values of every kind.
 */

/** JSON text put into a body verbatim: numbers JavaScript cannot hold (1e309), broken nesting… */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a generated value; own `__proto__`/`constructor` keys and RawJson are written as they are. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value).map(
      (key) => `${JSON.stringify(key)}:${toJsonText((value as Record<string, unknown>)[key])}`,
    );
    return `{${entries.join(',')}}`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
  return JSON.stringify(value) ?? 'null';
}

/** An object whose own keys may be `__proto__` or `constructor` (Object.fromEntries defines, never sets). */
const objectOf = (entries: [string, unknown][]): Record<string, unknown> => Object.fromEntries(entries);

export const hostileStrings: string[] = [
  '',
  ' ',
  '\u0000',
  'name\u0000with-nul',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  "Robert'); DROP TABLE employees;--",
  '1; SELECT pg_sleep(0)',
  '%',
  '_',
  '\\',
  '%_\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  '\r\nSet-Cookie: x=1',
  '\u202egnp.exe',
  '\ud800',
  '\udfff\ud800',
  'Z̸̢̛̯͓̱̈́͌͝a̴̡̘̓l̶̰̓g̸̣̈o̷̰͑',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'ǅ\u00df\u0130\u0131',
  '\ufeffbom',
  '0000-01-01',
  '9999-12-31',
  '2026-02-29',
  '+020000-01-01',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '0x1f',
  '00001',
  '١٢٣',
  'true',
  'null',
  'undefined',
  '[object Object]',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'x'.repeat(256),
  'y'.repeat(10_000),
];

export const hostileNumbers: unknown[] = [
  0,
  -0,
  -1,
  1.5,
  0.1 + 0.2,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31),
  2 ** 53 + 2,
  2 ** 63,
  1e20,
  -1e20,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  new RawJson('1e309'),
  new RawJson('-1e309'),
  new RawJson('1e-400'),
  new RawJson('123456789012345678901234567890'),
  new RawJson('-0.0'),
];

const deepNesting = (depth: number, open: string, close: string) =>
  new RawJson(open.repeat(depth) + close.repeat(depth));

/** Any hostile JSON value: wrong types, odd numbers and strings, pollution keys, deep nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...hostileStrings), weight: 4 },
  { arbitrary: fc.constantFrom(...hostileNumbers), weight: 3 },
  { arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], ['a', 1], [[[]]]), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: fc.integer(), weight: 1 },
  {
    arbitrary: fc.constantFrom<unknown>(
      objectOf([['__proto__', { isAdmin: true, role: 'admin', companyId: 1 }]]),
      objectOf([['constructor', { prototype: { isAdmin: true } }]]),
      objectOf([['prototype', { polluted: true }]]),
      deepNesting(600, '[', ']'),
      deepNesting(300, '{"a":', '}'),
    ),
    weight: 1,
  },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
);

/** The JSON Schema zod gives for a schema's input side (refinements and transforms stay out). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  format?: string;
}

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Real days, and the format's edges: Postgres has no year 0, and 30 February is no day. */
const isoDay = fc.oneof(
  {
    arbitrary: fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10)),
    weight: 2,
  },
  { arbitrary: fc.constantFrom('0000-01-01', '0001-01-01', '9999-12-31', '2026-02-30', '7462-55-24'), weight: 1 },
);

/** Values the schema accepts or nearly accepts (its patterns, bounds, enums), keyed by field name hints. */
function shapedValue(schema: JsonSchema, name: string, depth: number, hints: FieldHints): fc.Arbitrary<unknown> {
  const hinted = hints[name];
  const own = shapedBySchema(schema, name, depth, hints);
  return hinted ? fc.oneof(own, hinted) : own;
}

function shapedBySchema(schema: JsonSchema, name: string, depth: number, hints: FieldHints): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((option) => shapedValue(option, name, depth, hints)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return depth > 3 ? fc.constant({}) : objectFromSchema(schema, depth + 1, hints);
    case 'array': {
      if (schema.prefixItems) {
        const items = schema.prefixItems;
        const tuple = fc.tuple(...items.map((item) => fuzzValue(item, name, depth, hints)));
        // Bounds given equal ([n, n]) pass most range checks, extremes included.
        const equal = fuzzValue(items[0]!, name, depth, hints).map((value) => items.map(() => value));
        return fc.oneof({ arbitrary: tuple, weight: 2 }, { arbitrary: equal, weight: 1 });
      }
      return fc.array(schema.items ? fuzzValue(schema.items, name, depth, hints) : hostileValue, { maxLength: 4 });
    }
    case 'string': {
      const options: fc.Arbitrary<unknown>[] = [
        fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 64, 300) }),
      ];
      if (schema.pattern) options.push(fc.stringMatching(new RegExp(schema.pattern)));
      if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) options.push(isoDay, isoDay, isoDay);
      if (schema.maxLength !== undefined) {
        options.push(fc.constant('z'.repeat(schema.maxLength)), fc.constant('z'.repeat(schema.maxLength + 1)));
      }
      if (/email/i.test(name))
        options.push(
          fc.emailAddress(),
          fc.emailAddress().map((email) => email.toUpperCase()),
        );
      return fc.oneof(...options);
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1e6);
      const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1e6);
      const low = Math.max(min, -1e6);
      const high = Math.min(max, 1e6);
      const options: fc.Arbitrary<unknown>[] = [
        fc.integer({ min: Math.ceil(low), max: Math.floor(high) }),
        fc.constantFrom(min, max, min - 1, max + 1, 0, 2 ** 31, 1e20),
      ];
      if (type === 'number') options.push(fc.double({ min: low, max: high, noNaN: true }));
      return fc.oneof(...options);
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return hostileValue;
  }
}

/** A field's value: mostly the schema's kind, sometimes anything hostile. */
function fuzzValue(schema: JsonSchema, name: string, depth: number, hints: FieldHints): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: shapedValue(schema, name, depth, hints), weight: 3 },
    { arbitrary: hostileValue, weight: 1 },
  );
}

const pollutionKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf');

/** An object with some of the schema's fields (required ones usually present), plus stray and pollution keys. */
function objectFromSchema(schema: JsonSchema, depth: number, hints: FieldHints): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = properties.map(([name, property]) =>
    fc.tuple(
      fc.constant(name),
      fuzzValue(property, name, depth, hints),
      // Required fields are left out one time in eight, optional ones half the time.
      fc.integer({ min: 0, max: 7 }).map((roll) => (required.has(name) ? roll > 0 : roll > 3)),
    ),
  );
  const extras = fc.array(fc.tuple(fc.oneof(pollutionKey, fc.string({ maxLength: 12 })), hostileValue), {
    maxLength: 2,
  });
  return fc
    .tuple(fc.tuple(...fields), fc.oneof({ arbitrary: fc.constant([]), weight: 4 }, { arbitrary: extras, weight: 1 }))
    .map(([chosen, extra]) =>
      objectOf([
        ...chosen.filter(([, , present]) => present).map(([name, value]) => [name, value] as [string, unknown]),
        ...(extra as [string, unknown][]),
      ]),
    );
}

/** Extra generators for fields by name: known ids and addresses that make requests meet real records. */
export type FieldHints = Record<string, fc.Arbitrary<unknown>>;

/** Values of a body, query or filter shaped by `schema`, often broken. */
export function valueFromSchema(schema: z.ZodType, hints: FieldHints = {}): fc.Arbitrary<unknown> {
  return fuzzValue(jsonSchemaOf(schema), '', 0, hints);
}

/** A body: the schema's shape (if any) most of the time, otherwise something hostile. */
export function bodyArbitrary(schema: z.ZodType | undefined, hints: FieldHints = {}): fc.Arbitrary<unknown> {
  if (!schema)
    return fc.oneof({ arbitrary: fc.constant(undefined), weight: 2 }, { arbitrary: hostileValue, weight: 3 });
  return fc.oneof(
    { arbitrary: shapedValue(jsonSchemaOf(schema), '', 0, hints), weight: 6 },
    { arbitrary: hostileValue, weight: 2 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
}

/**
 * A valid request's object (a body or a query) with one field changed: set to a value shaped by its
 * schema (edges included) or to a hostile one, or left out, or a pollution key added. Reaches the
 * code behind validation far more often than wholly random input.
 */
export function mutatedSeed(
  seed: Record<string, unknown>,
  schema?: z.ZodType,
  hints: FieldHints = {},
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema ? (jsonSchemaOf(schema).properties ?? {}) : {};
  const names = [...new Set([...Object.keys(seed), ...Object.keys(properties)])];
  const change = fc.oneof(
    ...names.map((name) =>
      fc.tuple(
        fc.constant(name),
        fc.oneof(
          ...(properties[name] ? [{ arbitrary: shapedValue(properties[name], name, 0, hints), weight: 4 }] : []),
          { arbitrary: hostileValue, weight: 3 },
          { arbitrary: fc.constant(undefined), weight: 1 },
        ),
      ),
    ),
    fc.tuple(pollutionKey, hostileValue),
  );
  return change.map(([changed, replacement]) =>
    objectOf([
      ...Object.entries(seed).filter(([name]) => name !== changed),
      ...(replacement === undefined ? [] : [[changed, replacement] as [string, unknown]]),
    ]),
  );
}

/** Bodies no JSON parser should accept, and bodies of other types. */
export const malformedBodies: { contentType: string; text: string }[] = [
  { contentType: 'application/json', text: '{' },
  { contentType: 'application/json', text: '{"a":' },
  { contentType: 'application/json', text: '[1,]' },
  { contentType: 'application/json', text: "{'single': 'quotes'}" },
  { contentType: 'application/json', text: 'nul' },
  { contentType: 'application/json', text: '\u0000' },
  { contentType: 'application/json', text: '{"a":1}{"b":2}' },
  { contentType: 'application/json', text: '"just a string"' },
  { contentType: 'application/json', text: '12345' },
  { contentType: 'application/json; charset=utf-16', text: '{}' },
  { contentType: 'application/json; charset=latin-1', text: '{}' },
  { contentType: 'text/plain', text: 'hello' },
  {
    contentType: 'application/x-www-form-urlencoded',
    text: 'name=x&__proto__[isAdmin]=true&constructor[prototype][x]=1',
  },
  {
    contentType: 'application/xml',
    text: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  },
  {
    contentType: 'multipart/form-data; boundary=x',
    text: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
  },
  { contentType: 'application/json', text: `{"name":"${'n'.repeat(110_000)}"}` },
];

/**
 * Percent-encodes any string, lone surrogates included (as the bytes a careless client would send,
 * which are not UTF-8: the server must cope).
 */
export function percentEncode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((char) => {
        const code = char.charCodeAt(0);
        if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
          return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
            .map((byte) => `%${byte.toString(16).toUpperCase()}`)
            .join('');
        }
        return encodeURIComponent(char);
      })
      .join('');
  }
}

/** Strings for a path segment: ids, near-ids, and anything hostile. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '1e309',
    'NaN',
    'Infinity',
    '0x10',
    '2147483648',
    '9223372036854775808',
    '99999999999999999999',
    ' 1',
    '1 ',
    '+1',
    '١٢٣',
    'null',
    'undefined',
    '__proto__',
    'constructor',
    "1' OR '1'='1",
    '1;DROP TABLE employees',
    '..',
    '.',
    '%',
    '%zz',
    '%00',
    '%E0%A4%A',
    '\u0000',
    '<script>',
    'x'.repeat(2_000),
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
  fc.integer().map(String),
  fc.double().map(String),
);
