/**
 * Generated input for every API route that reads a body, a query or path parameters. The routes
 * come from the app's route table, so a new route is covered without a change here; their zod
 * schemas give valid values and, mutated, invalid ones (test/arbitraries.ts). Each run is made
 * as a signed-in user (an administrator for /api/admin), from its own client address, and
 * proves: no answer is a 5xx; every 4xx is JSON with a `message` in the product's words (never
 * zod's "Invalid input: expected string, received null"); and a refused request (4xx) changed
 * nothing in the database. Fixed cases add every body field as null, a number, true, a list, an
 * object and text, every query field twice, bodies at and past the size limits, malformed JSON
 * and other content types.
 *
 * Runs per route: GENERATED_INPUT_RUNS (default 200). Limits per user are spread over a pool of
 * users: e-mail changes allow 2 a minute per user, password checks (change password, delete
 * account) 5, Notion connections 10, Gmail sends, e-mail checks and administrator temporary
 * passwords 20, timesheet generation 30; a 429 is an accepted answer, and the table printed at
 * the end shows how many there were.
 */
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { type ZodType, z } from 'zod';
import { sendGmailBodySchema } from '../../shared/schemas/mail-account.ts';
import { NOTION_PROPERTIES } from '../../shared/schemas/notion.ts';
import type { RouteEntry } from '../app.ts';
import { createSession } from '../features/auth/sessions.repository.ts';
import { findLoneSurrogate, findNul, UNICODE_MESSAGE } from '../plugins/text-guard.ts';
import { createTestApp, nextIp, type Session, signUp } from './app.ts';
import {
  asText,
  encodeLoose,
  mutated,
  type Notes,
  oddSegments,
  oddValues,
  queryString,
  rawQueryFragments,
  toJson,
  validValues,
} from './arbitraries.ts';
import { addEmployer, addWorkLog } from './factories.ts';
import { connectGmail, startTestOAuth, testGmailConfig } from './gmail.ts';
import { startTestNotion } from './notion.ts';

const RUNS = Number(process.env.GENERATED_INPUT_RUNS ?? 200);
const USERS = 24;
const ADMINS = 3;
const MiB = 1024 * 1024;

const adminEmails = Array.from({ length: ADMINS }, (_, i) => `generated-admin-${i}@example.com`);
const oauth = await startTestOAuth();
const notion = await startTestNotion();
const { app, database, databaseUrl } = await createTestApp({
  adminEmails,
  gmail: testGmailConfig(oauth),
  notionApiUrl: notion.url,
});
// Thousands of small commits: waiting for each to reach the disk would be most of the run's
// time, and durability is no part of what is tested here (this file's own database only).
await database.pool.query(
  `alter database "${new URL(databaseUrl).pathname.slice(1)}" set synchronous_commit = off`,
);
afterAll(async () => {
  await oauth.close();
  await notion.close();
});

/** The errors a request raised, for the report of a 5xx. */
const raised: unknown[] = [];
app.addHook('onError', async (_request, _reply, error) => {
  raised.push(error);
});

/**
 * Routes that read input their schema does not declare: the Gmail send takes JSON or multipart
 * and validates in its handler; the OAuth callback reads what the provider appends.
 */
const readInHandler: RouteEntry[] = [
  { method: 'POST', url: '/api/send-email-gmail', schema: { body: sendGmailBodySchema } },
  {
    method: 'GET',
    url: '/api/auth/gmail/callback',
    schema: {
      querystring: z.object({
        code: z.string().optional(),
        state: z.string().optional(),
        error: z.string().optional(),
        scope: z.string().optional(),
      }),
    },
  },
];
const routeKey = (route: RouteEntry) => `${route.method} ${route.url}`;
const declared = app.routeTable.filter(
  ({ schema }) => schema?.body || schema?.querystring || schema?.params,
);
const routes = [
  ...declared,
  ...readInHandler.filter((extra) => !declared.some((r) => routeKey(r) === routeKey(extra))),
];

/** Not compared: attempts are counted on purpose (a refused sign-in must count). */
const UNTRACKED = ['rate_limit_events'];
/** Columns a read may move: a session's idle expiry is pushed forward while it is used. */
const VOLATILE: Record<string, string[]> = { sessions: ['expire'] };

const tables = (
  await database.pool.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> all($1)
      order by 1`,
    [UNTRACKED],
  )
).rows.map((row) => row.name);
// Vacuum may freeze rows, which rewrites their xmin (below): not during this file's run.
for (const name of tables) {
  await database.pool.query(`alter table "${name}" set (autovacuum_enabled = off)`);
}
/**
 * Per table, its row count and its newest row version (xmin): a committed insert or update
 * leaves a newer version, a delete a lower count. Cheaper than hashing every row on every call;
 * the sessions, whose idle expiry a read may move, are hashed without it.
 */
const snapshotSql = tables
  .map((name) => {
    const volatile = VOLATILE[name];
    const fingerprint = volatile
      ? `sum(hashtextextended((to_jsonb(x) - '{${volatile.join(',')}}'::text[])::text, 0)::numeric)`
      : 'max(x.xmin::text::bigint)';
    return `select '${name}' as t, count(*)::int as n, coalesce(${fingerprint}, 0)::text as f from "${name}" x`;
  })
  .join(' union all ');
const snapshot = async () =>
  (
    await database.pool.query<{ t: string; n: number; f: string }>({
      name: 'generated-input-snapshot',
      text: snapshotSql,
    })
  ).rows
    .map((row) => `${row.t}: ${row.n} rows, ${row.f}`)
    .join('\n');
/** The state after the last call, which is the state before the next (calls run one by one). */
let lastState: string | undefined;

interface Caller {
  session: Session;
}
async function callers(emails: (string | undefined)[]): Promise<Caller[]> {
  return Promise.all(
    emails.map(async (email) => ({ session: await signUp(app, email ? { email } : {}) })),
  );
}
const users = await callers(Array.from({ length: USERS }, () => undefined));
const admins = await callers(adminEmails);
// Administrators by ADMIN_EMAILS once the address is proven, as its mailed link does.
await database.pool.query('update users set email_verified = true where id = any($1)', [
  admins.map((a) => a.session.userId),
]);
const everyone = [...users, ...admins];
/** A setup call that must succeed (else the runs would test less than they say). */
function succeeded(res: { statusCode: number; body: string }) {
  if (res.statusCode >= 300) throw new Error(`setup refused: ${res.statusCode} ${res.body}`);
}
const notionProperties = Object.fromEntries(NOTION_PROPERTIES.map((p) => [p.name, p.type]));
// Something to find, change and send: an employer, a log, a connected mailbox, a timesheet,
// and for every other user a Notion database the logs are mirrored to.
async function seed({ session }: Caller, i: number) {
  if (i % 2 === 0) {
    // A token of its own: calls are paced per token (Notion's limit), so one shared would wait.
    const token = `secret_generated_input_${i}`;
    notion.tokens.add(token);
    const { databaseId } = notion.addDatabase({ title: 'Hours', properties: notionProperties });
    const connected = await app.inject({
      method: 'POST',
      url: '/api/notion/connect',
      headers: { cookie: session.cookie },
      payload: { token, database: databaseId },
    });
    succeeded(connected);
  }
  const employer = await addEmployer(app, session, {
    name: 'Seed Employer',
    hourlyRate: '20',
    departments: ['Kitchen'],
  });
  await addWorkLog(app, session, {
    employerId: employer.id,
    date: '2026-03-02',
    startTime: '09:00',
    endTime: '17:00',
    department: 'Kitchen',
  });
  const gmail = await connectGmail(app, session);
  if (!gmail.location.includes('result=connected')) throw new Error(gmail.location);
  const timesheet = await app.inject({
    method: 'POST',
    url: '/api/timesheets/generate',
    headers: { cookie: session.cookie },
    payload: {
      employerId: employer.id,
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      format: 'csv',
    },
  });
  succeeded(timesheet);
}
await Promise.all(everyone.map(seed));

let turn = 0;
const callerFor = (route: RouteEntry) => {
  const pool = route.url.startsWith('/api/admin') ? admins : users;
  return pool[turn++ % pool.length]!;
};

/**
 * Where an id in a valid input points: by the field's name, or by the route's path. Half of
 * the valid inputs naming a row that exists are sent by its owner, so that the paths past the
 * ownership check (updates, deletes, sends) are reached too, not only their 404.
 */
const tableOfField: Record<string, string> = { employerId: 'employers', timesheetId: 'timesheets' };
const tableOfPath: [RegExp, string][] = [
  [/^\/api\/employers\/:id/, 'employers'],
  [/^\/api\/work-logs\/:id/, 'work_logs'],
  [/^\/api\/notion\/sync\/:id/, 'work_logs'],
  [/^\/api\/timesheets\/:id/, 'timesheets'],
  [/^\/api\/send-email-gmail\/:id/, 'mail_sends'],
];
interface Reference {
  table: string;
  id: unknown;
}
function referencesOf(route: RouteEntry, parts: unknown[]): Reference[] {
  const found: Reference[] = [];
  const [params, ...rest] = parts as (Record<string, unknown> | undefined)[];
  const pathTable = tableOfPath.find(([pattern]) => pattern.test(route.url))?.[1];
  if (pathTable && params?.id !== undefined) found.push({ table: pathTable, id: params.id });
  for (const part of rest) {
    if (part === null || typeof part !== 'object') continue;
    for (const [field, table] of Object.entries(tableOfField)) {
      if (field in part) found.push({ table, id: part[field] });
    }
  }
  return found;
}
async function ownerOf(references: Reference[]): Promise<Caller | undefined> {
  for (const { table, id } of references) {
    const n = Number(typeof id === 'string' ? id.trim() : id);
    if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) continue;
    const { rows } = await database.pool.query<{ user_id: number }>(
      `select user_id from "${table}" where id = $1`,
      [n],
    );
    const owner = everyone.find((c) => c.session.userId === rows[0]?.user_id);
    if (owner) return owner;
  }
  return undefined;
}

/** A new session for a caller whose session a call ended (a sign-in, a sign-up). */
async function renewSession(caller: Caller) {
  const token = await createSession(database.db, caller.session.userId);
  caller.session = { ...caller.session, cookie: `sid=${token}` };
}

type Kind = 'valid' | 'mutated' | 'fixed';
interface Tally {
  statuses: Record<Kind, Map<number, number>>;
  /** Generated valid inputs, and how many of them the route's schemas accept. */
  valid: number;
  accepted: number;
}
const tallies = new Map<string, Tally>();
const tallyOf = (route: RouteEntry) => {
  let tally = tallies.get(routeKey(route));
  if (!tally) {
    tally = {
      statuses: { valid: new Map(), mutated: new Map(), fixed: new Map() },
      valid: 0,
      accepted: 0,
    };
    tallies.set(routeKey(route), tally);
  }
  return tally;
};

interface Call {
  kind: Kind;
  label: string;
  path: string;
  payload?: string | Buffer | Readable;
  headers?: Record<string, string>;
  /** The one answer a fixed case must get. */
  expected?: number;
  /** A JSON body holding a NUL or a lone surrogate, which the text guard must refuse with 400. */
  badText?: boolean;
}

/** zod's default messages ("Invalid input: expected string, received null"). */
const ZOD_WORDING = /invalid input|\bexpected\b|\breceived\b|too (small|big):|unrecognized key/i;

/** Makes one call and checks the three properties; answers the status. */
async function check(route: RouteEntry, call: Call, as?: Caller): Promise<number> {
  const caller = as ?? callerFor(route);
  const before = lastState ?? (await snapshot());
  lastState = undefined;
  raised.length = 0;
  const res = await app.inject({
    method: route.method as 'GET',
    url: call.path,
    remoteAddress: nextIp(),
    headers: { cookie: caller.session.cookie, ...call.headers },
    ...(call.payload === undefined ? {} : { payload: call.payload }),
  });
  const status = res.statusCode;
  const statuses = tallyOf(route).statuses[call.kind];
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const context = `${route.method} ${call.path.slice(0, 200)} (${call.label}) answered ${status}: ${res.body.slice(0, 300)}`;
  if (status >= 500) {
    const stacks = raised.map((e) => (e instanceof Error ? e.stack : String(e))).join('\n');
    expect.fail(`${context}\n${stacks}`);
  }
  lastState = await snapshot();
  if (call.badText) expect(status, `${context}\nholds text the guard must refuse`).toBe(400);
  if (call.expected) expect(status, context).toBe(call.expected);
  if (status >= 400) {
    expect(res.headers['content-type'], context).toMatch(/^application\/json/);
    const { message, errors } = res.json() as { message?: unknown; errors?: unknown };
    expect(typeof message === 'string' && message.trim() !== '', context).toBe(true);
    // In the product's words: never zod's developer wording, for the answer or any field.
    for (const words of [message, ...Object.values(errors ?? {})]) {
      expect(String(words), `${context}\nanswers in zod's words`).not.toMatch(ZOD_WORDING);
    }
    expect(lastState, `${context}\nchanged the database`).toBe(before);
  }
  if (res.cookies.some((c) => c.name === 'sid')) {
    await renewSession(caller);
    lastState = undefined;
  }
  return status;
}

const notes: Notes = [];
const NO_BODY = Symbol('no body');
interface Input {
  kind: 'valid' | 'mutated';
  params: Record<string, string>;
  query: string;
  body: unknown;
  /** For a valid input: whether the route's schemas accept it as it travels. */
  accepted?: boolean;
  /** For a valid input: the rows it names, and whether their owner sends it. */
  references?: Reference[];
  asOwner?: boolean;
}

const schemaOf = (schema: unknown) => schema as ZodType | undefined;
const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
const fillPath = (url: string, params: Record<string, string>) =>
  url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '');
const sendsBody = (route: RouteEntry) => route.method !== 'GET';

/** The query as the server sees it: every value a string, a repeated key an array. */
function travelledQuery(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      Array.isArray(v) ? Array.from(v, asText) : asText(v),
    ]),
  );
}

function decodedParams(params: Record<string, string>) {
  try {
    return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, decodeURIComponent(v)]));
  } catch {
    return undefined;
  }
}

function inputsFor(route: RouteEntry): fc.Arbitrary<Input> {
  const { body, querystring, params } = route.schema ?? {};
  const bodySchema = schemaOf(body);
  const querySchema = schemaOf(querystring);
  const paramsSchema = schemaOf(params);
  const names = paramNames(route.url);
  const valid = <T>(schema: ZodType | undefined, none: T) =>
    schema ? validValues(schema, notes, `${routeKey(route)} `) : fc.constant(none);
  const validParams = valid(paramsSchema, {}).map((value) =>
    Object.fromEntries(
      names.map((n) => [n, encodeLoose(asText((value as Record<string, unknown>)[n]))]),
    ),
  );
  const validQuery = valid(querySchema, undefined);
  const validBody = valid(bodySchema, sendsBody(route) ? NO_BODY : undefined);

  const accepts = (input: Omit<Input, 'kind' | 'query'>, query: unknown) =>
    (!paramsSchema || paramsSchema.safeParse(decodedParams(input.params)).success) &&
    (!querySchema || querySchema.safeParse(travelledQuery(query)).success) &&
    (!bodySchema || bodySchema.safeParse(JSON.parse(toJson(input.body) ?? 'null')).success);
  const validInput = fc
    .record({ params: validParams, query: validQuery, body: validBody, asOwner: fc.boolean() })
    .map(({ params: p, query, body: b, asOwner }): Input => {
      const input = { params: p, body: b };
      return {
        kind: 'valid',
        ...input,
        query: queryString(query),
        accepted: accepts(input, query),
        references: referencesOf(route, [decodedParams(p), query, b]),
        asOwner,
      };
    });

  const variants: fc.Arbitrary<Input>[] = [];
  const base = fc.record({ params: validParams, query: validQuery, body: validBody });
  const make = (p: Record<string, string>, query: string, b: unknown): Input => ({
    kind: 'mutated',
    params: p,
    query,
    body: b,
  });
  if (names.length > 0) {
    const segments = fc.tuple(...names.map(() => oddSegments));
    variants.push(
      fc
        .tuple(base, segments)
        .map(([v, odd]) =>
          make(Object.fromEntries(names.map((n, i) => [n, odd[i]!])), queryString(v.query), v.body),
        ),
    );
  }
  if (querySchema) {
    variants.push(
      fc.tuple(base, mutated(validQuery)).map(([v, q]) => make(v.params, queryString(q), v.body)),
      fc
        .tuple(base, rawQueryFragments)
        .map(([v, raw]) => make(v.params, [queryString(v.query), raw].join('&'), v.body)),
    );
  }
  if (bodySchema) {
    variants.push(fc.tuple(base, mutated(validBody)).map(([v, b]) => make(v.params, '', b)));
  } else if (sendsBody(route)) {
    // A body the route does not expect.
    variants.push(fc.tuple(base, oddValues).map(([v, b]) => make(v.params, '', b)));
  }
  return fc.oneof(
    { weight: 2, arbitrary: validInput },
    { weight: 3, arbitrary: fc.oneof(...variants) },
  );
}

function toCall(route: RouteEntry, input: Input): Call {
  const path = fillPath(route.url, input.params) + (input.query ? `?${input.query}` : '');
  const label = `${input.kind} input`;
  if (input.body === NO_BODY || input.body === undefined || !sendsBody(route)) {
    return { kind: input.kind, label, path };
  }
  const payload = toJson(input.body) ?? 'null';
  const sent: unknown = JSON.parse(payload);
  return {
    kind: input.kind,
    label,
    path,
    payload,
    headers: { 'content-type': 'application/json' },
    badText: findNul(sent) !== undefined || findLoneSurrogate(sent) !== undefined,
  };
}

const json = { 'content-type': 'application/json' };
const TWENTY_MB = Buffer.concat([
  Buffer.from('{"a":"'),
  Buffer.alloc(20 * MiB, 'a'),
  Buffer.from('"}'),
]);
/** A JSON object of exactly `size` bytes: `base`'s fields and a padding field. */
function bodyOfSize(base: unknown, size: number): string {
  const fields = base !== null && typeof base === 'object' && !Array.isArray(base) ? base : {};
  const empty = JSON.stringify({ ...fields, padding: '' });
  return JSON.stringify({ ...fields, padding: 'x'.repeat(size - Buffer.byteLength(empty)) });
}
/** Bodies sent as JSON that are not JSON, or not JSON the app may read, and their answer. */
const malformed: [string, number | undefined][] = [
  ['{', 400],
  ['{"a":', 400],
  ['{a:1}', 400],
  ["{'a':1}", 400],
  ['[1,]', 400],
  ['{"a":1,}', 400],
  ['nul', 400],
  ['undefined', 400],
  ['NaN', 400],
  ['   ', 400],
  ['{"a":1}{"b":2}', 400],
  ['{"__proto__":{"isAdmin":true}}', 400],
  ['{"constructor":{"prototype":{"isAdmin":true}}}', 400],
  ['{"a":"\\ud800"}', 400],
  ['{"a":"\\u0000"}', 400],
  ['"\\u0000"', 400],
  ['\uFEFF{}', undefined],
  ['', undefined],
];
/** JSON that is no object, where a route expects one (a JSON `null` once answered 500). */
const notObjects = ['null', '[]', '[{}]', '42', '"text"', 'true'];
/** Content types other than JSON, and what the security plugin or the parser answers. */
const otherTypes: [string, number | undefined][] = [
  ['text/plain', 415],
  ['application/x-www-form-urlencoded', 415],
  ['application/xml', 415],
  ['application/octet-stream', 415],
  ['application/vnd.api+json', 415],
  ['application/jsonx', 415],
  ['application/json, text/plain', 415],
  ['multipart/form-data', undefined],
  ['multipart/form-data; boundary=x', undefined],
  ['application/json; charset=utf-16', undefined],
  ['APPLICATION/JSON', undefined],
];
const invalidUtf8 = Buffer.concat([
  Buffer.from('{"name":"'),
  Buffer.from([0xff, 0xfe, 0xc0, 0x80, 0xed, 0xa0, 0x80]),
  Buffer.from('"}'),
]);

/** Values of the wrong kind for a field: null, a number, true, a list, an object, text. */
const WRONG_KINDS: unknown[] = [null, 12345, true, [1], { a: 1 }, 'x'];

/** The top-level field names of an object schema (through optional, default and pipes). */
function objectFields(schema: unknown): string[] {
  let current = schema as { _zod?: { def?: Record<string, unknown> } } | undefined;
  for (let depth = 0; current?._zod?.def && depth < 10; depth++) {
    const def = current._zod.def;
    if (def.type === 'object') return Object.keys(def.shape as object);
    current = (def.in ?? def.innerType ?? def.schema) as typeof current;
  }
  return [];
}

/** Bodies at and past the limits, malformed JSON, other content types; long queries. */
function fixedCases(route: RouteEntry, sample: Input): Call[] {
  const path = toCall(route, sample).path;
  const call = (label: string, extra: Partial<Call>): Call => ({
    kind: 'fixed' as const,
    label,
    path,
    ...extra,
  });
  if (!sendsBody(route)) {
    const join0 = path.includes('?') ? '&' : '?';
    const twice = objectFields(route.schema?.querystring).map((field) =>
      call(`${field} given twice`, { path: `${path}${join0}${field}=a&${field}=b` }),
    );
    const pairs = Array.from({ length: 1000 }, (_, i) => `k${i}=${i}`).join('&');
    const join = path.includes('?') ? '&' : '?';
    return [
      ...twice,
      call('a 1 MB query value', { path: `${path}${join}x=${'a'.repeat(1_000_000)}` }),
      call('1,000 query parameters', { path: `${path}${join}${pairs}` }),
      call('every key twice', { path: `${path}${join}${path.split('?')[1] ?? 'a=1'}` }),
    ];
  }
  const valid = sample.body === NO_BODY ? {} : sample.body;
  const fields = objectFields(route.schema?.body);
  return [
    // Every field of the body, in turn, of each wrong kind a script or an old client may send.
    ...fields.flatMap((field) =>
      WRONG_KINDS.map((value) =>
        call(`${field} as ${JSON.stringify(value)}`, {
          payload: JSON.stringify({ ...(valid as object), [field]: value }),
          headers: json,
        }),
      ),
    ),
    call('a 1 MB JSON body', { payload: bodyOfSize(valid, 1_000_000), headers: json }),
    call('one byte over the 1 MiB body limit', {
      payload: bodyOfSize(valid, MiB + 1),
      headers: json,
      expected: 413,
    }),
    call('a 20 MB JSON body', { payload: TWENTY_MB, headers: json, expected: 413 }),
    call('a 20 MB JSON body sent in chunks, without a length', {
      payload: Readable.from([TWENTY_MB]),
      headers: { ...json, 'transfer-encoding': 'chunked' },
      expected: 413,
    }),
    ...malformed.map(([text, expected]) =>
      call(`malformed JSON ${JSON.stringify(text)}`, { payload: text, headers: json, expected }),
    ),
    call('invalid UTF-8 in a JSON string', { payload: invalidUtf8, headers: json }),
    ...(route.schema?.body
      ? notObjects.map((text) =>
          call(`a JSON ${text} for a body`, { payload: text, headers: json, expected: 400 }),
        )
      : []),
    ...otherTypes.map(([type, expected]) =>
      call(`content type ${type}`, {
        payload: JSON.stringify(valid),
        headers: { 'content-type': type },
        expected,
      }),
    ),
    call('a body without a content type', { payload: JSON.stringify(valid), expected: 415 }),
  ];
}

describe('the database snapshot that proves a refusal changed nothing', () => {
  it('moves with an update (even to the same values), an insert, a delete, and both', async () => {
    const id = users[0]!.session.userId;
    const moves = async (statement: string) => {
      const before = await snapshot();
      await database.pool.query(statement);
      return (await snapshot()) !== before;
    };
    expect(await moves(`update users set first_name = 'Moved' where id = ${id}`)).toBe(true);
    expect(await moves(`update users set first_name = 'Moved' where id = ${id}`)).toBe(true);
    const copy = `insert into employers (user_id, name, hourly_rate) values (${id}, 'Copy', 1)`;
    expect(await moves(copy)).toBe(true);
    expect(await moves(`delete from employers where name = 'Copy'`)).toBe(true);
    const again = `with gone as (delete from settings where user_id = ${id} returning *)
      insert into settings overriding system value select * from gone`;
    expect(await moves(again)).toBe(true);
    expect(await moves('select 1')).toBe(false);
    lastState = undefined;
  });
});

describe('text that is not Unicode', () => {
  it('is refused with 400 naming the field, in a value or a key, and nothing is saved', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'Acme \uD800', hourlyRate: '20' }, 'name'],
      [{ name: 'Acme', hourlyRate: '20', departments: ['Bar', '\uDC00Kitchen'] }, 'departments.1'],
      [{ name: 'Acme', hourlyRate: '20', 'note\uDBFF': 'x' }, 'note\uFFFD'],
    ];
    for (const [payload, field] of cases) {
      const before = await snapshot();
      const res = await app.inject({
        method: 'POST',
        url: '/api/employers',
        headers: { cookie: users[1]!.session.cookie, ...json },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'validation_failed',
        message: UNICODE_MESSAGE,
        errors: { [field]: UNICODE_MESSAGE },
      });
      expect(await snapshot()).toBe(before);
    }
  });
});

describe('every route that reads a body, a query or path parameters', () => {
  it('is found in the route table, with the routes that validate in their handler', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.map(routeKey)).toEqual(expect.arrayContaining(readInHandler.map(routeKey)));
  });

  for (const route of routes) {
    it(`${routeKey(route)}: never a 5xx; a refusal is JSON with a message and changes nothing`, async () => {
      const inputs = inputsFor(route);
      await fc.assert(
        fc.asyncProperty(inputs, async (input) => {
          if (input.kind === 'valid') {
            const tally = tallyOf(route);
            tally.valid += 1;
            if (input.accepted) tally.accepted += 1;
          }
          const owner = input.asOwner ? await ownerOf(input.references ?? []) : undefined;
          await check(route, toCall(route, input), owner);
        }),
        { numRuns: RUNS },
      );
      const [sample] = fc.sample(
        inputsFor(route).filter((i) => i.kind === 'valid'),
        { numRuns: 1, seed: 1 },
      );
      for (const fixed of fixedCases(route, sample!)) await check(route, fixed);
    }, 120_000);
  }
});

afterAll(() => {
  const share = (statuses: Map<number, number>) => {
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    return [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}: ${Math.round((n / total) * 100)}%`)
      .join(', ');
  };
  const lines = [...tallies.entries()].map(([key, t]) => {
    const count = (m: Map<number, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    return [
      key,
      `  valid ${count(t.statuses.valid)} (schema accepts ${t.accepted}/${t.valid}): ${share(t.statuses.valid)}`,
      `  mutated ${count(t.statuses.mutated)}: ${share(t.statuses.mutated)}`,
      `  fixed ${count(t.statuses.fixed)}: ${share(t.statuses.fixed)}`,
    ].join('\n');
  });
  const unconverted = [...new Set(notes)];
  console.log(
    [
      `Generated input, ${RUNS} runs per route:`,
      ...lines,
      unconverted.length
        ? `Approximated:\n  ${unconverted.join('\n  ')}`
        : 'Every schema converted.',
    ].join('\n'),
  );
});
