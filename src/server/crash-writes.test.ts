import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workLogStatuses } from '../shared/schemas/enums.ts';
import {
  type CreateWorkLogBody,
  type UpdateWorkLogBody,
  type WorkLog,
  workLogListSchema,
  workLogSchema,
} from '../shared/schemas/work-logs.ts';
import {
  freshDataDir,
  killServer,
  type ServerProcess,
  startServer,
  stopAllServers,
  stopServer,
} from './test/server-process.ts';

/**
 * The server as `npm start` runs it, killed with -9 twenty times in the middle of a stream of
 * writes from several clients at once, and started again on the same data: every write it
 * answered with a 2xx is there with the values it acknowledged (no create missing, no edit
 * lost, no delete undone); a write whose request failed is there wholly or not at all, and one
 * whose connection was refused is not there.
 */
const ROUNDS = 20;
const ACCOUNTS = 4;
const LANES_PER_ACCOUNT = 2;
/** The kill lands this long after the writes begin. */
const KILL_AFTER_MS = { min: 50, max: 500 };
/** How long a start may take: the first one creates the cluster, later ones recover it. */
const FIRST_START_MS = 90_000;
const RESTART_MS = 60_000;
const REQUEST_TIMEOUT_MS = 15_000;
/** About 80 s on two idle cores; far longer when other suites share them. */
const TEST_TIMEOUT_MS = 300_000;

type Status = (typeof workLogStatuses)[number];

/** What a write sets on a work log, as the API answers it. */
interface LogFields {
  employerId: number;
  date: string;
  startTime: string;
  endTime: string;
  breakDuration: number;
  hourlyRateAtTime: string;
  note: string;
  status: Status;
}
const FIELDS = [
  'employerId',
  'date',
  'startTime',
  'endTime',
  'breakDuration',
  'hourlyRateAtTime',
  'note',
  'status',
] as const satisfies readonly (keyof LogFields)[];

const fieldsOf = (log: WorkLog): LogFields => ({
  employerId: log.employerId,
  date: log.date,
  startTime: log.startTime,
  endTime: log.endTime,
  breakDuration: log.breakDuration,
  hourlyRateAtTime: log.hourlyRateAtTime,
  note: log.note ?? '',
  status: log.status,
});
const same = (a: LogFields, b: LogFields) => FIELDS.every((field) => a[field] === b[field]);
const show = (fields: LogFields) => JSON.stringify(fields);

interface Account {
  email: string;
  cookie: string;
  employers: number[];
  /** Logs whose delete was acknowledged: seeing one again is a delete undone. */
  deleted: Set<number>;
}

/**
 * How a write whose answer never came may have ended: `refused`, the connection was refused
 * (it never reached the server); `unknown`, it broke off; `acknowledged`, a 201 came but its
 * body did not (so the new log's id is unknown).
 */
type Outcome = 'refused' | 'unknown' | 'acknowledged';
type Pending =
  | { kind: 'create'; fields: LogFields; outcome: Outcome }
  | { kind: 'edit'; id: number; before: LogFields; after: LogFields; outcome: Outcome }
  | { kind: 'delete'; id: number; before: LogFields; outcome: Outcome };

/**
 * One client's sequence of writes: it owns the logs it created, and only it edits or deletes
 * them, one request at a time, so the last acknowledged edit of a log is its state.
 */
interface Lane {
  name: string;
  account: Account;
  logs: Map<number, LogFields>;
  pending: Pending | undefined;
  seq: number;
}

interface Tally {
  created: number;
  edited: number;
  deleted: number;
  /** Requests refused a connection, and requests cut off by the kill. */
  refused: number;
  cutOff: number;
  /** Of the cut-off ones: found applied after the restart, and found not applied. */
  applied: number;
  notApplied: number;
  /** Logs compared with their acknowledged state after a restart, summed over the rounds. */
  checked: number;
  restartMs: number[];
}

interface Run {
  label: string;
  /** Aborted when the test times out: no server may be started after that. */
  signal: AbortSignal;
  dataDir: string;
  databaseUrl: string | undefined;
  server: ServerProcess;
  url: string;
  accounts: Account[];
  lanes: Lane[];
  tally: Tally;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const two = (n: number) => String(n).padStart(2, '0');
const rate = () => `${randomInt(15, 60)}.${two(randomInt(0, 99))}`;
const endTime = () => `${two(randomInt(13, 20))}:${two(randomInt(0, 59))}`;

/** The server's address once it is ready, or a failure with what it printed. */
async function readyWithin(server: ServerProcess, ms: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The server was not ready within ${ms} ms:\n${server.output()}`)),
      ms,
    );
  });
  try {
    return await Promise.race([server.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

type Answer = { status: number; body: unknown } | { failed: unknown; refused: boolean };

/** A call as the browser makes it: session cookie, our Origin, JSON. */
async function call(
  url: string,
  account: Account,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  payload?: object,
): Promise<Answer> {
  let res: Response;
  try {
    res = await fetch(`${url}${path}`, {
      method,
      headers: {
        cookie: account.cookie,
        origin: url,
        'sec-fetch-site': 'same-origin',
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload ? { body: JSON.stringify(payload) } : {}),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (failed) {
    const cause = (failed as { cause?: { code?: string } }).cause;
    return { failed, refused: cause?.code === 'ECONNREFUSED' };
  }
  // The status line is the acknowledgement; the body may still be cut off by the kill.
  const body: unknown = await res.json().catch(() => undefined);
  return { status: res.status, body };
}

async function signUp(url: string, email: string): Promise<Account> {
  const password = 'a durable secret';
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password, confirmPassword: password }),
  });
  expect(res.status).toBe(201);
  const sid = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('sid='));
  expect(sid).toBeDefined();
  const account: Account = { email, cookie: sid ?? '', employers: [], deleted: new Set() };
  for (const name of ['Harbour Café', 'Night Bakery']) {
    const answer = await call(url, account, 'POST', '/api/employers', { name, hourlyRate: rate() });
    expect(answer).toMatchObject({ status: 201 });
    account.employers.push((answer as { body: { id: number } }).body.id);
  }
  return account;
}

async function startRun(label: string, signal: AbortSignal, databaseUrl?: string): Promise<Run> {
  const dataDir = freshDataDir(`hourbook-crash-${label}-`);
  signal.throwIfAborted();
  const server = startServer(dataDir, databaseUrl ? { databaseUrl } : {});
  const url = await readyWithin(server, FIRST_START_MS);
  const accounts: Account[] = [];
  for (let i = 0; i < ACCOUNTS; i++) accounts.push(await signUp(url, `${label}-${i}@example.com`));
  const lanes = accounts.flatMap((account, i) =>
    Array.from({ length: LANES_PER_ACCOUNT }, (_, j) => ({
      name: `${label}-${i}${'abcdefgh'[j]}`,
      account,
      logs: new Map<number, LogFields>(),
      pending: undefined,
      seq: 0,
    })),
  );
  return {
    label,
    signal,
    dataDir,
    databaseUrl,
    server,
    url,
    accounts,
    lanes,
    tally: {
      ...{ created: 0, edited: 0, deleted: 0, checked: 0 },
      ...{ refused: 0, cutOff: 0, applied: 0, notApplied: 0, restartMs: [] },
    },
  };
}

/** A log this lane has not written yet; its note names it, so a lost answer can be looked up. */
function newLog(lane: Lane, round: number): LogFields {
  return {
    employerId: pick(lane.account.employers),
    date: `2024-${two(randomInt(1, 12))}-${two(randomInt(1, 28))}`,
    startTime: `${two(randomInt(6, 11))}:${two(randomInt(0, 59))}`,
    endTime: endTime(),
    breakDuration: randomInt(0, 60),
    hourlyRateAtTime: rate(),
    note: `${lane.name} r${round} #${++lane.seq}`,
    status: pick(workLogStatuses),
  };
}

/** Changes to a log: always a new note (so no edit is mistaken for another), some more fields. */
function changesTo(lane: Lane, before: LogFields): Partial<LogFields> {
  const changes: Partial<LogFields> = {
    note: `${before.note.split(' ~')[0]} ~edit ${++lane.seq}`,
  };
  if (Math.random() < 0.5) changes.breakDuration = randomInt(0, 60);
  if (Math.random() < 0.5) changes.endTime = endTime();
  if (Math.random() < 0.4) changes.status = pick(workLogStatuses);
  const rateChange = Math.random();
  if (rateChange < 0.3) {
    // A move to the other employer takes its rate unless one is given: give one.
    changes.employerId = lane.account.employers.find((id) => id !== before.employerId);
    changes.hourlyRateAtTime = rate();
  } else if (rateChange < 0.5) {
    changes.hourlyRateAtTime = rate();
  }
  return changes;
}

const showAnswer = (answer: { status: number; body: unknown }) =>
  `${answer.status} ${JSON.stringify(answer.body)}`;

/** The answer, when it is a work log, is the state the write meant; else a problem. */
function answerProblem(lane: Lane, what: string, body: unknown, meant: LogFields) {
  const parsed = workLogSchema.safeParse(body);
  if (!parsed.success) return `${lane.name}: ${what} answered ${JSON.stringify(body)}`;
  const answered = fieldsOf(parsed.data);
  return same(answered, meant)
    ? undefined
    : `${lane.name}: ${what} answered ${show(answered)}, not ${show(meant)}`;
}

/**
 * Writes until a request fails (the server is gone): creates, edits of its recent logs (so a
 * log is often edited several times in a row), a few deletes. A failed request is left
 * pending, to be looked up after the restart; any other answer than a 2xx is a problem.
 */
async function runLane(run: Run, lane: Lane, round: number, problems: string[]) {
  for (;;) {
    const ids = [...lane.logs.keys()];
    const roll = ids.length < 3 ? 0 : Math.random();
    if (roll < 0.45) {
      const fields = newLog(lane, round);
      // Random shifts may overlap: the lanes confirm it, as a user would.
      const body: CreateWorkLogBody = { ...fields, allowOverlap: true };
      const answer = await call(run.url, lane.account, 'POST', '/api/work-logs', body);
      if ('failed' in answer) {
        lane.pending = { kind: 'create', fields, outcome: answer.refused ? 'refused' : 'unknown' };
        return;
      }
      if (answer.status !== 201) {
        problems.push(`${lane.name}: create ${show(fields)} answered ${showAnswer(answer)}`);
        continue;
      }
      run.tally.created++;
      const parsed = workLogSchema.safeParse(answer.body);
      if (!parsed.success) {
        // Acknowledged, but the kill cut off the body that says its id.
        lane.pending = { kind: 'create', fields, outcome: 'acknowledged' };
        return;
      }
      const problem = answerProblem(lane, 'create', answer.body, fields);
      if (problem) problems.push(problem);
      lane.logs.set(parsed.data.id, fields);
    } else if (roll < 0.88) {
      const id = pick(ids.slice(-4));
      const before = lane.logs.get(id) as LogFields;
      const changes = changesTo(lane, before);
      const after = { ...before, ...changes };
      const body: UpdateWorkLogBody = { ...changes, allowOverlap: true };
      const answer = await call(run.url, lane.account, 'PATCH', `/api/work-logs/${id}`, body);
      if ('failed' in answer) {
        const outcome = answer.refused ? 'refused' : 'unknown';
        lane.pending = { kind: 'edit', id, before, after, outcome };
        return;
      }
      if (answer.status !== 200) {
        problems.push(
          `${lane.name}: edit of ${id} to ${show(after)} answered ${showAnswer(answer)}`,
        );
        continue;
      }
      run.tally.edited++;
      lane.logs.set(id, after);
      if (answer.body !== undefined) {
        const problem = answerProblem(lane, `edit of ${id}`, answer.body, after);
        if (problem) problems.push(problem);
      }
    } else {
      const id = pick(ids);
      const before = lane.logs.get(id) as LogFields;
      const answer = await call(run.url, lane.account, 'DELETE', `/api/work-logs/${id}`);
      if ('failed' in answer) {
        lane.pending = {
          kind: 'delete',
          id,
          before,
          outcome: answer.refused ? 'refused' : 'unknown',
        };
        return;
      }
      if (answer.status !== 200) {
        problems.push(`${lane.name}: delete of ${id} answered ${showAnswer(answer)}`);
        continue;
      }
      run.tally.deleted++;
      lane.logs.delete(id);
      lane.account.deleted.add(id);
    }
  }
}

/** Every work log of the account, as the API lists it. */
async function listAll(run: Run, account: Account): Promise<Map<number, LogFields>> {
  const all = new Map<number, LogFields>();
  for (let offset = 0; ; offset += 1000) {
    const answer = await call(
      run.url,
      account,
      'GET',
      `/api/work-logs?limit=1000&offset=${offset}`,
    );
    if (!('status' in answer) || answer.status !== 200) {
      throw new Error(`Listing ${account.email}'s work logs failed: ${JSON.stringify(answer)}`);
    }
    const page = workLogListSchema.parse(answer.body);
    for (const log of page) all.set(log.id, fieldsOf(log));
    if (page.length < 1000) return all;
  }
}

/** Counts a pending write, once the restarted server showed whether it was applied. */
function tallySettled(tally: Tally, pending: Pending, applied: boolean) {
  if (pending.outcome === 'refused') tally.refused++;
  else if (applied) {
    tally.cutOff++;
    tally.applied++;
  } else {
    tally.cutOff++;
    tally.notApplied++;
  }
}

/**
 * Compares what the restarted server lists with what was acknowledged, and settles each
 * pending write by what is there: it must be wholly applied or not at all.
 */
async function verify(run: Run, problems: string[]) {
  for (const account of run.accounts) {
    const seen = await listAll(run, account);
    const lanes = run.lanes.filter((l) => l.account === account);
    const accounted = new Set<number>();
    for (const lane of lanes) {
      const pending = lane.pending;
      for (const [id, fields] of lane.logs) {
        if (pending && pending.kind !== 'create' && pending.id === id) continue;
        accounted.add(id);
        run.tally.checked++;
        const found = seen.get(id);
        if (!found) problems.push(`${lane.name}: acknowledged log ${id} is gone: ${show(fields)}`);
        else if (!same(found, fields)) {
          problems.push(`${lane.name}: log ${id} is ${show(found)}, acknowledged ${show(fields)}`);
        }
      }
    }
    const known = new Set(lanes.flatMap((l) => [...l.logs.keys()]));
    for (const lane of lanes) {
      const pending = lane.pending;
      lane.pending = undefined;
      if (!pending) continue;
      const settled = (applied: boolean) => tallySettled(run.tally, pending, applied);
      const where = `${lane.name}: ${pending.outcome} ${pending.kind}`;
      if (pending.kind === 'create') {
        const matches = [...seen].filter(
          ([id, found]) => !known.has(id) && found.note === pending.fields.note,
        );
        const [match, ...more] = matches;
        if (more.length > 0) problems.push(`${where} is there ${matches.length} times`);
        if (!match) {
          if (pending.outcome === 'acknowledged') problems.push(`${where} is missing`);
          else settled(false);
          continue;
        }
        const [id, found] = match;
        accounted.add(id);
        if (pending.outcome === 'refused') problems.push(`${where} is there: ${show(found)}`);
        if (!same(found, pending.fields)) {
          problems.push(`${where} left ${show(found)}, sent ${show(pending.fields)}`);
        }
        lane.logs.set(id, found);
        settled(true);
      } else if (pending.kind === 'edit') {
        accounted.add(pending.id);
        const found = seen.get(pending.id);
        if (!found) problems.push(`${where} of ${pending.id}: the log is gone`);
        else if (same(found, pending.after) && pending.outcome === 'unknown') {
          lane.logs.set(pending.id, found);
          settled(true);
        } else if (same(found, pending.before) && pending.outcome !== 'acknowledged') {
          settled(false);
        } else {
          problems.push(
            `${where} of ${pending.id} left ${show(found)}; before ${show(pending.before)}, after ${show(pending.after)}`,
          );
        }
      } else {
        const found = seen.get(pending.id);
        if (!found) {
          if (pending.outcome === 'refused') problems.push(`${where} of ${pending.id} happened`);
          lane.logs.delete(pending.id);
          account.deleted.add(pending.id);
          settled(true);
        } else {
          accounted.add(pending.id);
          if (!same(found, pending.before)) {
            problems.push(
              `${where} of ${pending.id} left ${show(found)}, not ${show(pending.before)}`,
            );
          }
          settled(false);
        }
      }
    }
    for (const [id, found] of seen) {
      if (accounted.has(id)) continue;
      problems.push(
        account.deleted.has(id)
          ? `${account.email}: deleted log ${id} is back: ${show(found)}`
          : `${account.email}: log ${id} was never written: ${show(found)}`,
      );
    }
  }
}

/**
 * Writes from every lane at once, kills the server with -9 at a random moment, starts it again
 * on the same data and checks it: up and healthy without help, every acknowledged write there.
 */
async function crashRound(run: Run, round: number, whom: 'server' | 'all') {
  const problems: string[] = [];
  const writing = run.lanes.map((lane) => runLane(run, lane, round, problems));
  await sleep(randomInt(KILL_AFTER_MS.min, KILL_AFTER_MS.max));
  await killServer(run.server, whom);
  await Promise.all(writing);

  const restartedAt = Date.now();
  run.signal.throwIfAborted();
  run.server = startServer(run.dataDir, run.databaseUrl ? { databaseUrl: run.databaseUrl } : {});
  run.url = await readyWithin(run.server, RESTART_MS);
  const health = await fetch(`${run.url}/api/health`);
  expect(health.status, run.server.output()).toBe(200);
  expect((await health.json()).database).toBe(run.databaseUrl ? 'external' : 'embedded');
  run.tally.restartMs.push(Date.now() - restartedAt);

  await verify(run, problems);
  expect(problems, `round ${round} (killed: ${whom})`).toEqual([]);
}

/** Twenty rounds, killing the server alone and its whole process group in turn. */
async function crashTwentyTimes(label: string, signal: AbortSignal, databaseUrl?: string) {
  const began = Date.now();
  const run = await startRun(label, signal, databaseUrl);
  for (let round = 1; round <= ROUNDS; round++) {
    await crashRound(run, round, round % 2 === 0 ? 'all' : 'server');
  }
  expect(await stopServer(run.server)).toBe(0);

  const { tally } = run;
  // Writes were acknowledged, of every kind, before the kills.
  expect(tally.created + tally.edited + tally.deleted).toBeGreaterThan(ROUNDS);
  expect(Math.min(tally.created, tally.edited, tally.deleted)).toBeGreaterThan(0);
  const times = [...tally.restartMs].sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.info(
    `${label}: ${ROUNDS} kills; acknowledged ${tally.created} creates, ${tally.edited} edits, ` +
      `${tally.deleted} deletes; ${tally.checked} log states checked; ${tally.refused} writes ` +
      `refused, ${tally.cutOff} cut off (${tally.applied} applied, ${tally.notApplied} not); ` +
      `restart median ${median} ms, max ${times.at(-1)} ms; ` +
      `${Math.round((Date.now() - began) / 1000)} s in all`,
  );
}

describe('writes to the server on its embedded database, killed with -9 mid-stream', () => {
  afterAll(stopAllServers);

  it(
    'keeps every acknowledged write, and no part of an unanswered one, through 20 kills',
    async ({ signal }) => {
      await crashTwentyTimes('embedded', signal);
    },
    TEST_TIMEOUT_MS,
  );
});

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
if (testDatabaseUrl) {
  describe('writes to the server on a PostgreSQL server, killed with -9 mid-stream', () => {
    const name = `hb_crash_${process.pid}_${randomBytes(4).toString('hex')}`;
    const databaseUrl = new URL(testDatabaseUrl);
    databaseUrl.pathname = `/${name}`;

    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: testDatabaseUrl });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    beforeAll(() => admin(`create database ${name}`));
    afterAll(async () => {
      await stopAllServers();
      await admin(`drop database if exists ${name} with (force)`);
    });

    it(
      'keeps every acknowledged write, and no part of an unanswered one, through 20 kills',
      async ({ signal }) => {
        await crashTwentyTimes('postgres', signal, databaseUrl.toString());
      },
      TEST_TIMEOUT_MS,
    );
  });
}
