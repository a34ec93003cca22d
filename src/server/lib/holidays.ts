/**
 * Public holidays by country, region and year, from date-holidays (decision 038). Server only:
 * the library and its data are large and never reach the client bundle.
 *
 * A holiday is a calendar date: the library is asked for start and end as wall-clock times
 * (`timezone: 'UTC'`), the first day comes from its `date` string ('2026-01-01 00:00:00', or
 * '2026-03-20 00:00:00 -0600' for a day of the Islamic or Hebrew calendar, which begins the
 * evening before), and a holiday lasting several days ('P3D') gives each of its days.
 */
import { createRequire } from 'node:module';
import type Holidays from 'date-holidays';
import { LRUCache } from 'lru-cache';

let library: typeof Holidays | undefined;
/**
 * Loaded on first use, not with the app: it takes about 90 ms and 35 MB, which every start and
 * every test file would pay for routes few requests reach.
 */
function holidaysClass(): typeof Holidays {
  library ??= createRequire(import.meta.url)('date-holidays') as typeof Holidays;
  return library;
}

export interface HolidayPlace {
  code: string;
  name: string;
}

export interface PublicHoliday {
  /** 'YYYY-MM-DD' */
  date: string;
  name: string;
}

const LANGUAGE = 'en';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Names of two public holidays on one date, joined: "Tiradentes' Day / Good Friday". */
const NAME_SEPARATOR = ' / ';

/** One instance for the lists of countries and regions (it holds no country). */
let directory: Holidays | undefined;
const lookup = () => {
  directory ??= new (holidaysClass())();
  return directory;
};

let countries: readonly HolidayPlace[] | undefined;

/** Every country the library knows, by English name. */
export function holidayCountries(): HolidayPlace[] {
  countries ??= Object.freeze(
    Object.entries(lookup().getCountries(LANGUAGE))
      .map(([code, name]) => Object.freeze({ code, name }))
      .sort((a, b) => a.name.localeCompare(b.name, LANGUAGE)),
  );
  return [...countries];
}

function countryCode(country: string): string | undefined {
  const wanted = country.trim().toUpperCase();
  return holidayCountries().find((c) => c.code === wanted)?.code;
}

/** The states or provinces of a country, as the library lists them (its order). */
function statesOf(code: string): HolidayPlace[] {
  const states = lookup().getStates(code, LANGUAGE) ?? {};
  return Object.entries(states).map(([state, name]) => ({ code: state, name }));
}

/**
 * The states or provinces of `country` (empty when the library has none), or undefined for a
 * country it does not know. Their sub-regions (a city, a district) are not offered.
 */
export function holidayRegions(country: string): HolidayPlace[] | undefined {
  const code = countryCode(country);
  return code ? statesOf(code) : undefined;
}

/** The library's spelling of a region code, matched without regard to case ('Rarotonga'). */
function regionCode(country: string, region: string): string | undefined {
  const wanted = region.trim().toUpperCase();
  return statesOf(country).find((r) => r.code.toUpperCase() === wanted)?.code;
}

const cache = new LRUCache<string, readonly PublicHoliday[]>({ max: 200 });

/**
 * The public holidays dated in `year` in `country` (and `region`, whose own holidays add to or
 * replace the country's), sorted by date, one entry per date. Only the library's type `public`:
 * not `bank`, `optional`, `school` or `observance`. A substitute day (a holiday on a weekend
 * observed on a weekday) is a public holiday of its own, named "… (substitute day)", and the
 * holiday's own date stays in the list too. Undefined for an unknown country or region.
 */
export function publicHolidays(
  country: string,
  region: string | null | undefined,
  year: number,
): PublicHoliday[] | undefined {
  if (!Number.isInteger(year)) return undefined;
  const code = countryCode(country);
  if (!code) return undefined;
  const state = region ? regionCode(code, region) : undefined;
  if (region && !state) return undefined;

  const key = `${code}|${state ?? ''}|${year}`;
  let found = cache.get(key);
  if (!found) {
    found = Object.freeze(compute(code, state, year).map((h) => Object.freeze(h)));
    cache.set(key, found);
  }
  return found.map((h) => ({ ...h }));
}

function compute(country: string, state: string | undefined, year: number): PublicHoliday[] {
  const options = { languages: [LANGUAGE], timezone: 'UTC' };
  const Library = holidaysClass();
  const calendar = state ? new Library(country, state, options) : new Library(country, options);
  const names = new Map<string, string[]>();
  // A holiday of several days that starts late in the year before runs into this one.
  for (const y of [year - 1, year]) {
    for (const holiday of calendar.getHolidays(y)) {
      if (holiday.type !== 'public') continue;
      for (const date of daysOf(holiday)) {
        if (!date.startsWith(`${year}-`)) continue;
        const onDate = names.get(date) ?? [];
        if (!onDate.includes(holiday.name)) onDate.push(holiday.name);
        names.set(date, onDate);
      }
    }
  }
  return [...names]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, onDate]) => ({ date, name: onDate.join(NAME_SEPARATOR) }));
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})/;

/**
 * The calendar dates a holiday covers: from the date of its `date` string through the day its
 * last moment falls in. Its span (end − start) is counted from the wall-clock time of `date`.
 * A span reaching less than an hour into a day does not cover that day: the library computes in
 * the server's local time, so where the server's clock skips midnight for daylight saving
 * (Africa/Cairo, America/Santiago) a day starts at 01:00 and ends at 01:00 the next day.
 */
export function daysOf(holiday: { date: string; start: Date; end: Date }): string[] {
  const match = WALL_CLOCK.exec(holiday.date);
  if (!match) throw new Error(`date-holidays gave a date we cannot read: ${holiday.date}`);
  const [y, m, d, hh, mm, ss] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const first = Date.UTC(y, m - 1, d);
  const wallStart = first + ((hh * 60 + mm) * 60 + ss) * 1000;
  const span = holiday.end.getTime() - holiday.start.getTime();
  const last = Math.max(first, wallStart + span - HOUR_MS - 1);
  const days: string[] = [];
  for (let day = first; day <= last; day += DAY_MS) {
    days.push(new Date(day).toISOString().slice(0, 10));
  }
  return days;
}
