// Users made through the app's own code, not sign-up (its rate limit allows 10 a minute).
import { sql } from 'drizzle-orm';
import { employers, workLogs } from '../src/server/db/schema/index.ts';
import { hashPassword } from '../src/server/features/auth/passwords.ts';
import { createSession } from '../src/server/features/auth/sessions.repository.ts';
import { createUser } from '../src/server/features/auth/users.repository.ts';
import { addDays, type DashboardPeriod, todayIn } from '../src/shared/domain/index.ts';
import type { BenchEnv } from './env.ts';

export interface LoadEmployer {
  id: number;
  departments: string[];
}

export interface LoadUser {
  id: number;
  cookie: string;
  timeZone: string;
  /** The dashboard period this user keeps chosen (the client stores it). */
  period: DashboardPeriod;
  employers: LoadEmployer[];
  /** Ids of the user's seeded logs: what the updates pick from. */
  logIds: number[];
}

/** The past this many days hold each user's shifts, up to today in their zone. */
const HISTORY_DAYS = 180;
const TIME_ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Asia/Tokyo'];
// Most people look at this week; some keep the month or the year chosen.
const PERIODS: DashboardPeriod[] = ['week', 'week', 'week', 'month', 'month', 'quarter', 'year'];
// ASCII only: see bench/cases/work-logs.ts.
const PLACES = [
  { name: 'Harbour Cafe', rate: '18.50', tax: '0', departments: ['Front', 'Kitchen'] },
  { name: 'Northside Studio', rate: '32.00', tax: '12.5', departments: [] },
  { name: 'City Museum', rate: '24.75', tax: '0', departments: ['Gallery', 'Shop', 'Desk'] },
  { name: 'Riverside Clinic', rate: '29.10', tax: '20', departments: ['Ward A', 'Ward B'] },
];
const NOTES = [null, null, null, null, 'Covered a late handover', 'Training the new starter'];

/** A small seeded generator, so every run seeds the same shapes. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  return { next, int, pick };
}

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

async function seedPeople(env: BenchEnv, count: number, random: ReturnType<typeof randomSource>) {
  const { db } = env.database;
  const passwordHash = await hashPassword('correct horse battery staple');
  const run = Date.now().toString(36);
  const people: Omit<LoadUser, 'employers' | 'logIds'>[] = [];
  for (let i = 0; i < count; i++) {
    const timeZone = TIME_ZONES[i % TIME_ZONES.length]!;
    const user = await createUser(db, {
      email: `load-${run}-${i}@example.com`,
      passwordHash,
      timeZone,
    });
    if (!user) throw new Error(`could not create load user ${i}`);
    const token = await createSession(db, user.id);
    people.push({ id: user.id, cookie: `sid=${token}`, timeZone, period: random.pick(PERIODS) });
  }
  return people;
}

export async function seedLoadUsers(env: BenchEnv, count: number): Promise<LoadUser[]> {
  const { db } = env.database;
  const random = randomSource(20_260_101);
  const people = await seedPeople(env, count, random);

  const places = people.flatMap((person) =>
    PLACES.slice(0, random.int(2, 3)).map((place) => ({
      userId: person.id,
      name: place.name,
      hourlyRate: place.rate,
      taxRate: place.tax,
      departments: place.departments,
    })),
  );
  const employerRows = await db
    .insert(employers)
    .values(places)
    .returning({ id: employers.id, userId: employers.userId, hourlyRate: employers.hourlyRate });
  const users: LoadUser[] = people.map((person) => ({ ...person, employers: [], logIds: [] }));
  const byId = new Map(users.map((user) => [user.id, user]));
  const rates = new Map<number, string>();
  employerRows.forEach((row, i) => {
    byId.get(row.userId)!.employers.push({ id: row.id, departments: places[i]!.departments });
    rates.set(row.id, row.hourlyRate);
  });

  const rows = users.flatMap((user) => {
    const today = todayIn(user.timeZone);
    const logs = random.int(100, 300);
    return Array.from({ length: logs }, (_, k) => {
      const employer = random.pick(user.employers);
      const start = random.int(12, 23) * 30; // 06:00 to 11:30
      const end = start + random.int(8, 18) * 30; // 4 to 9 hours later, the same day
      const daysAgo = Math.floor(((logs - 1 - k) * HISTORY_DAYS) / logs);
      return {
        userId: user.id,
        employerId: employer.id,
        date: addDays(today, -daysAgo),
        startTime: clock(start),
        endTime: clock(end),
        breakDuration: random.int(0, 3) * 15,
        hourlyRateAtTime: rates.get(employer.id)!,
        department: employer.departments.length > 0 ? random.pick(employer.departments) : null,
        note: random.pick(NOTES),
        status: daysAgo > 60 ? ('paid' as const) : daysAgo > 14 ? ('approved' as const) : undefined,
      };
    });
  });
  for (let i = 0; i < rows.length; i += 1000) {
    const ids = await db
      .insert(workLogs)
      .values(rows.slice(i, i + 1000))
      .returning({ id: workLogs.id, userId: workLogs.userId });
    for (const row of ids) byId.get(row.userId)!.logIds.push(row.id);
  }
  await db.execute(sql`analyze`);
  return users;
}
