// The private calendar feed through the real API and database (decision 047): made and revoked
// in Settings, read by calendar apps with the secret in its URL as the only credential.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreatedCalendarFeed } from '../../../shared/schemas/calendar-feed.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer, addWorkLog } from '../../test/factories.ts';
import { escapeText, foldLine } from './ical.ts';

// Tuesday 17 November 2026, 9:00 in New York (the new users' zone).
const NOW = new Date('2026-11-17T14:00:00Z');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
});

let ipCounter = 0;
const read = (path: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'GET',
    url: path,
    headers,
    remoteAddress: `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`,
  });

async function makeFeed(who: Session): Promise<CreatedCalendarFeed> {
  const res = await callApi(ctx.app, 'POST', '/api/calendar-feed', who);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

interface Property {
  name: string;
  params: Record<string, string>;
  value: string;
}
interface Component {
  name: string;
  props: Property[];
  children: Component[];
}

/**
 * A strict RFC 5545 reader: every line ends in CRLF, is at most 75 octets, continuations start
 * with one space; components nest and close in order; TEXT escapes are the only backslashes.
 */
function parseCalendar(body: string): Component {
  expect(body.endsWith('\r\n')).toBe(true);
  const raw = body.slice(0, -2).split('\r\n');
  for (const line of raw) {
    expect(line.includes('\n') || line.includes('\r'), 'a bare LF or CR').toBe(false);
    expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
    // Folding never splits a character: each physical line is valid UTF-8 on its own.
    expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
  }
  const lines: string[] = [];
  for (const line of raw) {
    if (line.startsWith(' ') || line.startsWith('\t')) {
      expect(lines.length, 'a continuation with no line before it').toBeGreaterThan(0);
      lines[lines.length - 1] += line.slice(1);
    } else {
      lines.push(line);
    }
  }
  const stack: Component[] = [{ name: 'ROOT', props: [], children: [] }];
  for (const line of lines) {
    const colon = line.indexOf(':');
    expect(colon, line).toBeGreaterThan(0);
    const [name = '', ...paramParts] = line.slice(0, colon).split(';');
    expect(name).toMatch(/^[A-Z][A-Z0-9-]*$/);
    const value = line.slice(colon + 1);
    const params = Object.fromEntries(paramParts.map((p) => p.split('=') as [string, string]));
    if (name === 'BEGIN') {
      const component: Component = { name: value, props: [], children: [] };
      stack.at(-1)!.children.push(component);
      stack.push(component);
    } else if (name === 'END') {
      expect(stack.pop()?.name).toBe(value);
    } else {
      stack.at(-1)!.props.push({ name, params, value });
    }
  }
  expect(stack).toHaveLength(1);
  const [calendar] = stack[0]!.children;
  expect(calendar?.name).toBe('VCALENDAR');
  return calendar!;
}

/** A TEXT value read back; a backslash before anything else is an error. */
function unescapeText(value: string): string {
  return value.replace(/\\(.)|[;,]/g, (match, escaped: string | undefined) => {
    if (escaped === undefined) throw new Error(`Unescaped ${match} in ${value}`);
    if (escaped === 'n' || escaped === 'N') return '\n';
    if (escaped === '\\' || escaped === ';' || escaped === ',') return escaped;
    throw new Error(`Bad escape \\${escaped}`);
  });
}

const prop = (component: Component, name: string) => component.props.find((p) => p.name === name);
const text = (component: Component, name: string) => {
  const found = prop(component, name);
  return found ? unescapeText(found.value) : undefined;
};
const eventsOf = (calendar: Component) => calendar.children.filter((c) => c.name === 'VEVENT');

async function worker() {
  const who = await signUp(ctx.app);
  const clinic = await addEmployer(ctx.app, who, {
    name: 'Clinic; North, Wing',
    hourlyRate: '30.00',
    timesheetSchedule: 'monthly',
    departments: ['Ward 3'],
  });
  return { who, clinic };
}

describe('the calendar feed', () => {
  it('lists the shifts with UTC times, break, hours and the note escaped', async () => {
    const { who, clinic } = await worker();
    const note = 'Covered for Sam, then; stayed late\\ok\nSecond line 🎉';
    const shift = await addWorkLog(ctx.app, who, {
      employerId: clinic.id,
      date: '2026-11-10',
      startTime: '09:00',
      endTime: '17:30',
      breakDuration: 30,
      department: 'Ward 3',
      note,
    });
    const feed = await makeFeed(who);
    expect(feed.path).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);

    const res = await read(feed.path);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const calendar = parseCalendar(res.body);
    expect(text(calendar, 'VERSION')).toBe('2.0');
    const events = eventsOf(calendar);
    const event = events.find((e) => text(e, 'UID') === `work-log-${shift.id}@hourbook`);
    expect(event).toBeDefined();
    expect(text(event!, 'SUMMARY')).toBe('Clinic; North, Wing · Ward 3');
    // 9:00 to 17:30 in New York (UTC-5 in November).
    expect(prop(event!, 'DTSTART')?.value).toBe('20261110T140000Z');
    expect(prop(event!, 'DTEND')?.value).toBe('20261110T223000Z');
    expect(text(event!, 'DESCRIPTION')).toBe(`Break: 30 min\nHours: 8.00 h\n\n${note}`);
    expect(prop(event!, 'DTSTAMP')?.value).toMatch(/^\d{8}T\d{6}Z$/);
    // The raw line escapes the comma, the semicolons, the backslash and the line break.
    expect(res.body).toContain('SUMMARY:Clinic\\; North\\, Wing · Ward 3');
  });

  it('keeps a shift’s UID when it is edited, and ends a night shift the next day', async () => {
    const { who, clinic } = await worker();
    const shift = await addWorkLog(ctx.app, who, {
      employerId: clinic.id,
      date: '2026-11-12',
      startTime: '22:00',
      endTime: '06:00',
      breakDuration: 0,
    });
    const feed = await makeFeed(who);
    const before = parseCalendar((await read(feed.path)).body);
    const uid = `work-log-${shift.id}@hourbook`;
    expect(eventsOf(before).filter((e) => text(e, 'UID') === uid)).toHaveLength(1);

    const moved = await callApi(ctx.app, 'PATCH', `/api/work-logs/${shift.id}`, who, {
      date: '2026-11-13',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = eventsOf(parseCalendar((await read(feed.path)).body)).filter(
      (e) => text(e, 'UID') === uid,
    );
    expect(after).toHaveLength(1);
    expect(prop(after[0]!, 'DTSTART')?.value).toBe('20261114T030000Z');
    expect(prop(after[0]!, 'DTEND')?.value).toBe('20261114T110000Z');
  });

  it('lists paydays as all-day events, and only within 12 months back and 3 ahead', async () => {
    const { who, clinic } = await worker();
    await addWorkLog(ctx.app, who, {
      employerId: clinic.id,
      date: '2025-11-18',
      startTime: '09:00',
      endTime: '10:00',
    });
    await addWorkLog(ctx.app, who, {
      employerId: clinic.id,
      date: '2025-11-16',
      startTime: '09:00',
      endTime: '10:00',
    });
    await addWorkLog(ctx.app, who, {
      employerId: clinic.id,
      date: '2027-02-18',
      startTime: '09:00',
      endTime: '10:00',
    });
    const feed = await makeFeed(who);
    const events = eventsOf(parseCalendar((await read(feed.path)).body));
    const shifts = events.filter((e) => text(e, 'UID')?.startsWith('work-log-'));
    // 2025-11-17 to 2027-02-17: the shift of 16 November 2025 and that of 18 February 2027 are out.
    expect(shifts.map((e) => prop(e, 'DTSTART')?.value)).toEqual(['20251118T140000Z']);
    const paydays = events.filter((e) => text(e, 'SUMMARY') === 'Payday: Clinic; North, Wing');
    // Monthly from the 1st, paid 7 days after the period ends: the 7th of each month.
    expect(paydays.map((e) => prop(e, 'DTSTART')?.value)).toEqual([
      '20251207',
      '20260107',
      '20260207',
      '20260307',
      '20260407',
      '20260507',
      '20260607',
      '20260707',
      '20260807',
      '20260907',
      '20261007',
      '20261107',
      '20261207',
      '20270107',
      '20270207',
    ]);
    const first = paydays[0]!;
    expect(prop(first, 'DTSTART')?.params).toEqual({ VALUE: 'DATE' });
    expect(prop(first, 'DTEND')?.value).toBe('20251208');
    expect(text(first, 'UID')).toBe(`payday-${clinic.id}-2025-11-01@hourbook`);
  });

  it('folds a long note at 75 octets without splitting a character', async () => {
    const { who, clinic } = await worker();
    const note = `${'Long note with ünïcödé and emoji 🎉 '.repeat(12)}end`;
    await addWorkLog(ctx.app, who, {
      employerId: clinic.id,
      date: '2026-11-11',
      startTime: '09:00',
      endTime: '10:00',
      note,
    });
    const feed = await makeFeed(who);
    const res = await read(feed.path);
    // parseCalendar checks every physical line's length and encoding.
    const [event] = eventsOf(parseCalendar(res.body)).filter((e) =>
      text(e, 'UID')?.startsWith('work-log-'),
    );
    expect(text(event!, 'DESCRIPTION')).toBe(`Break: 0 min\nHours: 1.00 h\n\n${note}`);
    expect(res.body).toMatch(/\r\n [^\r\n]/);
  });

  it('never shows another user’s shifts or paydays', async () => {
    const a = await worker();
    const b = await worker();
    await addEmployer(ctx.app, b.who, { name: 'Secret Bakery', hourlyRate: '20.00' });
    await addWorkLog(ctx.app, b.who, {
      employerId: b.clinic.id,
      date: '2026-11-10',
      startTime: '08:00',
      endTime: '12:00',
      note: 'b private note',
    });
    const feedA = await makeFeed(a.who);
    await makeFeed(b.who);
    const body = (await read(feedA.path)).body;
    expect(body).not.toContain('Secret Bakery');
    expect(body).not.toContain('b private note');
    expect(body).not.toContain(`payday-${b.clinic.id}-`);
  });

  it('answers 404 once revoked, and the new URL of a regenerated feed only', async () => {
    const { who } = await worker();
    const first = await makeFeed(who);
    expect((await read(first.path)).statusCode).toBe(200);
    const second = await makeFeed(who);
    expect(second.path).not.toBe(first.path);
    expect((await read(first.path)).statusCode).toBe(404);
    expect((await read(second.path)).statusCode).toBe(200);

    const state = await callApi(ctx.app, 'GET', '/api/calendar-feed', who);
    expect(state.json()).toEqual({ feed: { createdAt: expect.any(String) } });

    const revoked = await callApi(ctx.app, 'DELETE', '/api/calendar-feed', who);
    expect(revoked.statusCode, revoked.body).toBe(200);
    const gone = await read(second.path);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'not_found' });
    expect((await callApi(ctx.app, 'GET', '/api/calendar-feed', who)).json()).toEqual({
      feed: null,
    });
    // Nothing left to revoke.
    expect((await callApi(ctx.app, 'DELETE', '/api/calendar-feed', who)).statusCode).toBe(404);
  });

  it('stores only the secret’s hash, and answers 404 to a made-up or malformed secret', async () => {
    const { who } = await worker();
    const feed = await makeFeed(who);
    const secret = feed.path.slice('/api/calendar/'.length, -'.ics'.length);
    const { rows } = await ctx.database.db.execute<{ secret_hash: string }>(
      sql`select secret_hash from calendar_feeds where user_id = ${who.userId}`,
    );
    expect(rows[0]?.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect((await read(`/api/calendar/${'A'.repeat(43)}.ics`)).statusCode).toBe(404);
    expect((await read(`/api/calendar/${secret}`)).statusCode).toBe(404);
    expect((await read(`/api/calendar/${secret}.ics.ics`)).statusCode).toBe(404);
  });

  it('answers 304 to a calendar app that already has this text', async () => {
    const { who } = await worker();
    const feed = await makeFeed(who);
    const first = await read(feed.path);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect((await read(feed.path, { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('refuses a network reading far more often than a calendar app would', async () => {
    const { who } = await worker();
    const feed = await makeFeed(who);
    const ip = '10.99.1.1';
    const once = () =>
      ctx.app
        .inject({ method: 'GET', url: feed.path, remoteAddress: ip })
        .then((r) => r.statusCode);
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) answers.push(await once());
    expect(answers.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(answers[30]).toBe(429);
  });

  it('needs a session to make, see or revoke the feed', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await callApi(ctx.app, method, '/api/calendar-feed')).statusCode).toBe(401);
    }
  });
});

describe('iCalendar text', () => {
  it('escapes backslashes, semicolons, commas and every kind of line break', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });

  it('folds at 75 octets, continuations starting with a space', () => {
    const folded = foldLine(`DESCRIPTION:${'é'.repeat(80)}`).split('\r\n');
    for (const line of folded) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(folded.map((line, i) => (i ? line.slice(1) : line)).join('')).toBe(
      `DESCRIPTION:${'é'.repeat(80)}`,
    );
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
  });
});
