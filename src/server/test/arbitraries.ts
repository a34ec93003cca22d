/**
 * fast-check arbitraries made from the shared zod schemas (zod 4), for the generated-input tests
 * of every route (generated-input.test.ts): values a schema accepts, and mutations of them that
 * a route must refuse cleanly or survive.
 *
 * The converter reads the schema's definition (object, string with min/max/regex/email, number
 * and int with bounds, enum, literal, boolean, optional, nullable, default, array, union, pipe).
 * Refinements are functions it cannot read, so for every node it also tries a pool of
 * value shapes this app's fields take (dates, times, decimals, digits, e-mail addresses, time
 * zones, currencies, Notion ids…) and keeps, by sampling, those the node's own `safeParse`
 * accepts often enough, filtered by it. A node none of them satisfies falls back to its
 * structural values (or to any JSON for a kind it does not know), and says so in `notes`.
 */
import fc from 'fast-check';
import type { ZodType } from 'zod';

/** A key left out of an object: an optional field that is not sent. */
export const ABSENT = Symbol('absent');

interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  format?: string;
  pattern?: RegExp;
  shape?: Record<string, ZodType>;
  element?: ZodType;
  options?: ZodType[];
  innerType?: ZodType;
  in?: ZodType;
  out?: ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
}

const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def) => (def.checks ?? []).map((c) => c._zod.def);

export const HUGE = 100_000;

const pad = (n: number) => String(n).padStart(2, '0');
const word = fc.stringMatching(/^[a-z][a-z0-9]{0,11}$/);
const simpleEmail = fc.tuple(word, word).map(([local, host]) => `${local}@${host}.example`);
const email = fc.oneof(simpleEmail, fc.emailAddress());

/** Shapes the fields of this app take, tried against every node (see the file comment). */
const shapes: fc.Arbitrary<unknown>[] = [
  fc
    .tuple(
      fc.integer({ min: 2018, max: 2032 }),
      fc.integer({ min: 1, max: 13 }),
      fc.integer({ min: 1, max: 31 }),
    )
    .map(([y, m, d]) => `${y}-${pad(m)}-${pad(d)}`),
  fc
    .tuple(fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 60 }))
    .map(([h, m]) => `${pad(h)}:${pad(m)}`),
  fc.oneof(
    fc.integer({ min: 0, max: 1_100_000 }).map(String),
    fc
      .tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 99 }))
      .map(([units, cents]) => `${units}.${pad(cents)}`),
    fc.constantFrom('0', '0.5', '7.5', '100', '100.01', '1e3', '-5', ' 12.5 ', '.5', '5.'),
  ),
  fc.oneof(
    fc.integer({ min: 0, max: 60 }).map(String),
    fc.constantFrom('2147483647', '2147483648', '9999999999999999', '00001'),
  ),
  fc.integer({ min: -5, max: 100 }),
  // Small ids, so that ids name rows the tests made more often than not.
  fc.integer({ min: 1, max: 40 }),
  fc.constantFrom(0, 1, 1439, 1440, 2_147_483_647, 2_147_483_648, 0.5),
  email,
  fc.array(simpleEmail, { minLength: 1, maxLength: 12 }).map((list) => list.join(', ')),
  fc.constantFrom(...Intl.supportedValuesOf('timeZone'), 'UTC', 'Mars/Olympus', 'europe/paris'),
  fc.constantFrom(...Intl.supportedValuesOf('currency'), 'usd', 'XXX', 'ABC'),
  fc.uuid(),
  fc.uuid().map((id) => `https://www.notion.so/acme/Hours-${id.replaceAll('-', '')}?v=1`),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
];

/** The report of a conversion: nodes it could only approximate. */
export type Notes = string[];

function structural(schema: ZodType, path: string, notes: Notes): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const checks = checksOf(def);
  const find = (name: string) => checks.find((c) => c.check === name);
  switch (def.type) {
    case 'string': {
      const min = find('length_equals')?.length ?? find('min_length')?.minimum ?? 0;
      const max = find('length_equals')?.length ?? find('max_length')?.maximum ?? 500;
      const fits = (s: string) => s.length >= min && s.length <= max;
      const format = checks.find((c) => c.check === 'string_format');
      if (def.format === 'email' || format?.format === 'email') return email.filter(fits);
      const pattern = def.pattern ?? format?.pattern;
      if (pattern) return fc.stringMatching(pattern).filter(fits);
      return fc.oneof(
        fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: Math.min(max, min + 40) }),
        fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, min + 20) }),
        fc.constant('x'.repeat(Math.min(max, HUGE))),
      );
    }
    case 'number': {
      const int = /int/.test(def.format ?? '') || /int/.test(find('number_format')?.format ?? '');
      const low = find('greater_than');
      const high = find('less_than');
      const min = low ? Number(low.value) + (low.inclusive ? 0 : int ? 1 : 1e-9) : -1e9;
      const max = high ? Number(high.value) - (high.inclusive ? 0 : int ? 1 : 1e-9) : 1e9;
      if (!int) return fc.double({ min, max, noNaN: true });
      const bound = 2 ** 31 - 1;
      return fc.integer({ min: Math.max(min, -bound), max: Math.min(max, bound) });
    }
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'null':
      return fc.constant(null);
    default:
      notes.push(`${path || '(root)'}: ${def.type} is not converted; any JSON value is sent`);
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** The candidates the node accepts often enough, filtered by it; null when none does. */
function accepted(schema: ZodType, candidates: fc.Arbitrary<unknown>[]) {
  const passes = (v: unknown) => schema.safeParse(v === ABSENT ? undefined : v).success;
  const kept: fc.Arbitrary<unknown>[] = [];
  for (const candidate of candidates) {
    const sample = fc.sample(candidate, { numRuns: 40, seed: 7 });
    const rate = sample.filter(passes).length / sample.length;
    if (rate >= 0.05) kept.push(candidate.filter(passes));
  }
  return kept.length > 0 ? fc.oneof(...kept) : null;
}

function buildObject(keys: string[], values: unknown[]) {
  const out: Record<string, unknown> = {};
  keys.forEach((key, i) => {
    if (values[i] !== ABSENT) out[key] = values[i];
  });
  return out;
}

const cache = new WeakMap<ZodType, fc.Arbitrary<unknown>>();

/** Values `schema` accepts, as far as the converter can tell (see `notes`). */
export function validValues(schema: ZodType, notes: Notes, path = ''): fc.Arbitrary<unknown> {
  const known = cache.get(schema);
  if (known) return known;
  const made = convert(schema, notes, path);
  cache.set(schema, made);
  return made;
}

function convert(schema: ZodType, notes: Notes, path: string): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (child: ZodType | undefined, at = path) =>
    child ? validValues(child, notes, at) : fc.constant(undefined);
  const orElse = (found: fc.Arbitrary<unknown> | null, fallback: fc.Arbitrary<unknown>) => {
    if (found) return found;
    notes.push(`${path || '(root)'}: no generated value passed its checks`);
    return fallback;
  };
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.oneof(fc.constant(ABSENT), inner(def.innerType));
    case 'nullable':
      return fc.oneof(fc.constant(null), inner(def.innerType));
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(def.innerType);
    case 'object': {
      const shape = def.shape ?? {};
      const keys = Object.keys(shape);
      const record = fc
        .tuple(...keys.map((key) => inner(shape[key], path ? `${path}.${key}` : key)))
        .map((values) => buildObject(keys, values));
      // A field that confirms another (password, confirmPassword) must repeat it.
      const pairs = keys.flatMap((a) =>
        keys.filter((b) => b !== a && b.toLowerCase().endsWith(a.toLowerCase())).map((b) => [a, b]),
      );
      const confirmed = record.map((value) => {
        const copy = { ...value };
        for (const [a, b] of pairs) if (a! in copy) copy[b!] = copy[a!];
        return copy;
      });
      return orElse(accepted(schema, pairs.length ? [record, confirmed] : [record]), record);
    }
    case 'array': {
      const checks = checksOf(def);
      const min = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
      const max = checks.find((c) => c.check === 'max_length')?.maximum ?? 5;
      const items = fc.array(inner(def.element, `${path}[]`), {
        minLength: min,
        maxLength: Math.min(max, min + 5),
      });
      return orElse(accepted(schema, [items]), items);
    }
    case 'union': {
      const options = (def.options ?? []).map((option) => inner(option));
      return orElse(accepted(schema, [...options, ...shapes]), fc.oneof(...options));
    }
    case 'pipe': {
      const sides = [inner(def.in)];
      if (def.out && defOf(def.out).type !== 'transform') sides.push(inner(def.out));
      return orElse(accepted(schema, [...sides, ...shapes]), sides[0]!);
    }
    default: {
      const plain = structural(schema, path, notes);
      return orElse(accepted(schema, [plain, ...shapes]), plain);
    }
  }
}

const nest = (depth: number, wrap: (inner: unknown) => unknown) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = wrap(value);
  return value;
};
const DEPTH = 10_000;
/** Shown in fast-check's reports instead of 10,000 levels (its printer would overflow). */
const named = (value: unknown, name: string) =>
  Object.defineProperty(value, fc.toStringMethod, { value: () => name });
/** 10,000 levels of arrays, and of objects. */
export const DEEP_ARRAY = named(
  nest(DEPTH, (inner) => [inner]),
  `[ …${DEPTH} levels… ]`,
);
export const DEEP_OBJECT = named(
  nest(DEPTH, (inner) => ({ a: inner })),
  `{ a: …${DEPTH} levels… }`,
);
/** Their JSON, written out: JSON.stringify overflows the stack on them. */
const deepJson = new Map<unknown, string>([
  [DEEP_ARRAY, `${'['.repeat(DEPTH)}1${']'.repeat(DEPTH)}`],
  [DEEP_OBJECT, `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`],
]);
const MARK = '\u0000deep\u0000';

/** JSON.stringify that also writes the deep values (undefined for undefined, as it does). */
export function toJson(value: unknown): string | undefined {
  const found: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    const deep = deepJson.get(item);
    if (deep === undefined) return item;
    found.push(deep);
    return MARK;
  });
  let i = 0;
  return text?.replaceAll(JSON.stringify(MARK), () => found[i++]!);
}

/** Text that has broken parsers, databases, mail headers and spreadsheets. */
export const weirdStrings = [
  'x'.repeat(HUGE),
  '\u{1F600}'.repeat(HUGE / 2),
  '\u00e9'.repeat(HUGE),
  '\uD800',
  'a\uDC00b',
  '\uDBFF\uDBFF',
  '\u202Eevil\u202C',
  '\u200F\u05D0\u05D1\u05D2',
  '\u200B',
  '\uFEFFx',
  'a\u0000b',
  '\u0000',
  '\u0001\u001F\u007F\u0085',
  'a\r\nBcc: x@example.com',
  '\u{1F469}\u200D\u{1F469}\u200D\u{1F467}',
  'e\u0301\u0301\u0301',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '../../etc/passwd',
  '%00',
  '\\u0000',
  '\uFF1D1+1',
  '=HYPERLINK("http://x")',
  ' ',
  '\t\n',
  'null',
  'true',
  '{}',
  '__proto__',
];

/** Values of every other kind: numbers at and past the edges, numbers as text, odd JSON. */
export const oddValues: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(1e308, -1e308, -0, 2 ** 63, -(2 ** 63), 2 ** 53 + 2, 5e-324, 0.1, -1, 0, 2 ** 31),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '-0', '1e308', '9223372036854775808', '0x10'),
  fc.constantFrom('1_000', ' 1 ', '\uFF11\uFF12', '\u0661\u0662', '1e3', '+1', '.5', '00012', ''),
  fc.constantFrom(true, false, null, [], {}, [[]], { a: {} }, ['a'], [1, 2]),
  fc.constantFrom(...weirdStrings),
  fc.constantFrom(DEEP_ARRAY, DEEP_OBJECT),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.jsonValue({ maxDepth: 3 }),
);

const oddKeys = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', '', 'a\u0000b', '\uD800', 'id'),
  fc.constantFrom('userId', 'isAdmin', 'email', 'toString', 'x'.repeat(10_000)),
  fc.string({ maxLength: 10 }),
);

/** Text put into a string, at some index. */
const insertions = [
  '\u0000',
  '\uD800',
  '\u202E',
  '\r\n',
  '\u200B',
  '"',
  "'",
  '\\',
  '%',
  '\u{1F600}',
];

type Path = (string | number)[];
type Op =
  | { kind: 'set'; at: number; value: unknown }
  | { kind: 'drop'; at: number }
  | { kind: 'add'; at: number; key: string; value: unknown }
  | { kind: 'wrap'; at: number }
  | { kind: 'retype'; at: number }
  | { kind: 'splice'; at: number; text: string; where: number };

const isShared = (value: unknown) => value === DEEP_ARRAY || value === DEEP_OBJECT;

function pathsOf(value: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (at.length < 4 && value && typeof value === 'object' && !isShared(value)) {
    for (const [key, item] of Object.entries(value)) {
      pathsOf(item, [...at, Array.isArray(value) ? Number(key) : key], out);
    }
  }
  return out;
}

const getAt = (root: unknown, path: Path) =>
  path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], root);

/** Sets `key` as an own, enumerable property (so `__proto__` is sent as a key, too). */
function define(target: object, key: string | number, value: unknown) {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const parent = getAt(root, path.slice(0, -1)) as object;
  define(parent, path.at(-1)!, value);
  return root;
}

/** A fresh copy of an inserted value, so later operations never change a shared one. */
const own = (value: unknown) =>
  value !== null && typeof value === 'object' && !isShared(value) ? structuredClone(value) : value;

function retype(value: unknown): unknown {
  if (isShared(value)) return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string')
    return value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : [value];
  if (typeof value === 'boolean' || value === null) return String(value);
  return Array.isArray(value) ? { ...value } : toJson(value);
}

function apply(root: unknown, op: Op): unknown {
  const paths = pathsOf(root);
  const path = paths[op.at % paths.length]!;
  const current = getAt(root, path);
  switch (op.kind) {
    case 'set':
      return setAt(root, path, own(op.value));
    case 'drop': {
      if (path.length === 0) return undefined;
      const parent = getAt(root, path.slice(0, -1));
      if (Array.isArray(parent)) parent.splice(Number(path.at(-1)), 1);
      else delete (parent as Record<string, unknown>)[path.at(-1)!];
      return root;
    }
    case 'add':
      // Onto an object; an array's other keys are not JSON (and `constructor` would break it).
      if (current !== null && typeof current === 'object' && !Array.isArray(current)) {
        define(current, op.key, own(op.value));
        return root;
      }
      return setAt(root, path, { [op.key]: own(op.value) });
    case 'wrap':
      return setAt(root, path, [current]);
    case 'retype':
      return setAt(root, path, retype(current));
    case 'splice': {
      const text = typeof current === 'string' ? current : '';
      const where = op.where % (text.length + 1);
      return setAt(root, path, text.slice(0, where) + op.text + text.slice(where));
    }
  }
}

const operation: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: oddValues }),
  fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('add' as const), at: fc.nat(), key: oddKeys, value: oddValues }),
  fc.record({ kind: fc.constant('wrap' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('retype' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('splice' as const),
    at: fc.nat(),
    text: fc.constantFrom(...insertions),
    where: fc.nat(),
  }),
);

/**
 * Mutations of valid values: a field of the wrong kind, missing or added, a string spliced
 * with NUL, a lone surrogate or an RTL override, a value wrapped in an array; or the whole
 * value replaced (an array holding it, a scalar, 10,000 levels of nesting).
 */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(valid, fc.array(operation, { minLength: 1, maxLength: 3 }))
        .map(([value, ops]) => ops.reduce((root, op) => apply(root, op), structuredClone(value))),
    },
    { weight: 1, arbitrary: valid.map((value) => [value]) },
    { weight: 1, arbitrary: oddValues },
  );
}

/** Percent-encodes text, lone surrogates included (as the bytes WTF-8 gives them). */
export function encodeLoose(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

/** A value as a query or path string: text as it is, anything else as JSON would write it. */
export const asText = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined ? '' : String(toJson(value));

/** An object as a query string (an array value repeats its key); anything else as one text. */
export function queryString(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || isShared(value)) {
    return encodeLoose(asText(value));
  }
  return Object.entries(value)
    .flatMap(([key, item]) =>
      (Array.isArray(item) && !isShared(item) ? Array.from(item) : [item]).map(
        (v) => `${encodeLoose(key)}=${encodeLoose(asText(v))}`,
      ),
    )
    .join('&');
}

/** Raw query fragments: broken escapes, an overlong NUL, empty pairs, a very long value. */
export const rawQueryFragments = fc.constantFrom(
  '%',
  '%ZZ',
  '%E0%A4%A',
  '%00',
  '%C0%80',
  '&&==&',
  '%F0%9F%98',
  ';;',
  '+++',
  `x=${'%41'.repeat(10_000)}`,
);

/** Path segments that are not ids: broken escapes, dots, signs, other digits, too long. */
export const oddSegments = fc.oneof(
  fc.constantFrom('%ZZ', '%', '%00', '..', '.', '%2F', '-1', '0', '1.0', '1e3', '0x1F', '%20%31'),
  fc.constantFrom('\uFF12', '2147483648', '99999999999999999999', 'x'.repeat(101), 'null'),
  oddValues.map((value) => encodeLoose(asText(value))),
);
