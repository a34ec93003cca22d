// One line of text read as a shift: "ER tomorrow 22-6:30 b30 charge" (decision 050). Pure: the
// same text, names and day always give the same answer. Nothing is guessed: a word that names
// nothing, or more than one thing, is a problem named in the answer, and then there is no draft.
import { addDays, dayOfWeek, daysBetween, isValidDate } from './dates.ts';
import { shiftMinutes } from './shift.ts';

export interface QuickEntryEmployer {
  id: number;
  name: string;
  departments: readonly string[];
  /** The employer's premiums switched on by hand (manualOnly), as the dialog offers them. */
  premiums: readonly { id: string; name: string }[];
}

export interface QuickEntryContext {
  employers: readonly QuickEntryEmployer[];
  /** Today in the user's time zone (YYYY-MM-DD). */
  today: string;
}

/** Exactly the body POST /api/work-logs is sent; the server's defaults fill the rest. */
export interface QuickEntryDraft {
  employerId: number;
  department: string | null;
  date: string;
  startTime: string;
  endTime: string;
  breakDuration: number;
  manualPremiumIds: string[];
}

export interface QuickEntryProblem {
  /** The words the problem is about, as typed; null when it is about something missing. */
  word: string | null;
  message: string;
}

export type QuickEntryResult =
  | { ok: true; draft: QuickEntryDraft }
  | { ok: false; problems: QuickEntryProblem[] };

const FIRST_DATE = '2020-01-01';
const MAX_BREAK = 1439;

// --- Words -------------------------------------------------------------------------------------

type Marker = '@' | '#' | '+';
interface Token {
  text: string;
  /** Written in double quotes: a name, never a date, time or break. */
  quoted: boolean;
  /** @ an employer, # a department, + a premium. */
  marker: Marker | null;
  /** As typed, with its mark and quotes. */
  raw: string;
  /** Where it was typed: text.slice(begin, end) is raw. */
  begin: number;
  end: number;
}

function tokenize(text: string): { tokens: Token[]; unclosed: boolean } {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text.charAt(i);
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const begin = i;
    let marker: Marker | null = null;
    if (
      (ch === '@' || ch === '#' || ch === '+') &&
      i + 1 < text.length &&
      /\S/.test(text.charAt(i + 1))
    ) {
      marker = ch;
      i++;
    }
    if (text.charAt(i) === '"') {
      // "" inside quotes is one quote mark.
      let value = '';
      i++;
      let closed = false;
      while (i < text.length) {
        if (text.charAt(i) === '"') {
          if (text.charAt(i + 1) === '"') {
            value += '"';
            i += 2;
            continue;
          }
          closed = true;
          i++;
          break;
        }
        value += text.charAt(i);
        i++;
      }
      if (!closed) return { tokens, unclosed: true };
      tokens.push({ text: value, quoted: true, marker, raw: text.slice(begin, i), begin, end: i });
      continue;
    }
    let end = i;
    while (end < text.length && /\S/.test(text.charAt(end))) end++;
    tokens.push({
      text: text.slice(i, end),
      quoted: false,
      marker,
      raw: text.slice(begin, end),
      begin,
      end,
    });
    i = end;
  }
  return { tokens, unclosed: false };
}

const plain = (token: Token | undefined): string | null =>
  token && !token.quoted && token.marker === null ? token.text.toLowerCase() : null;

// --- Dates -------------------------------------------------------------------------------------

const WEEKDAYS: Record<string, number> = {
  sun: 0,
  sunday: 0,
  mon: 1,
  monday: 1,
  tue: 2,
  tues: 2,
  tuesday: 2,
  wed: 3,
  weds: 3,
  wednesday: 3,
  thu: 4,
  thur: 4,
  thurs: 4,
  thursday: 4,
  fri: 5,
  friday: 5,
  sat: 6,
  saturday: 6,
};
const RELATIVE: Record<string, number> = {
  today: 0,
  tomorrow: 1,
  tmrw: 1,
  yesterday: -1,
};
const MONTH_WORDS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** "mar", "march", "Mar." (three letters or more of its name), "sept". */
function monthOf(word: string | null): number | null {
  if (word === null) return null;
  const w = word.replace(/\.$/, '');
  if (w === 'sept') return 9;
  if (w.length < 3) return null;
  const index = MONTH_WORDS.findIndex((name) => name.startsWith(w));
  return index >= 0 ? index + 1 : null;
}

function dayNumberOf(word: string | null): number | null {
  const match = word?.replace(/,$/, '').match(/^(\d{1,2})(st|nd|rd|th)?$/);
  return match ? Number(match[1]) : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The date with this month and day nearest to today (the earlier one on a tie). */
function nearest(today: string, month: number, day: number): string | null {
  const year = Number(today.slice(0, 4));
  let best: string | null = null;
  for (const y of [year - 1, year, year + 1]) {
    const date = `${pad(y, 4)}-${pad(month)}-${pad(day)}`;
    if (!isValidDate(date)) continue;
    if (best === null || Math.abs(daysBetween(today, date)) < Math.abs(daysBetween(today, best))) {
      best = date;
    }
  }
  return best;
}

/** The most recent such weekday, today included. */
const lastWeekday = (today: string, weekday: number) =>
  addDays(today, -((dayOfWeek(today) - weekday + 7) % 7));

// --- Times and breaks --------------------------------------------------------------------------

interface Clock {
  hour: number;
  minute: number;
  meridiem: 'am' | 'pm' | null;
  /** Written as a 24-hour time: 0, 13–23, a leading zero, or two-digit hours with minutes. */
  twentyFour: boolean;
}

function readClock(text: string): Clock | null {
  const match = text.match(/^(\d{1,2})(?::?(\d{2}))?(am|pm|a|p)?$/);
  if (!match) return null;
  const [, h = '', m, mer] = match;
  const hour = Number(h);
  const minute = m === undefined ? 0 : Number(m);
  if (minute > 59) return null;
  const meridiem = mer ? (mer.startsWith('a') ? 'am' : 'pm') : null;
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    return { hour, minute, meridiem, twentyFour: false };
  }
  if (hour > 23) return null;
  // "09:00", "22:30", "1730": two-digit hours with minutes are read on the 24-hour clock.
  const twentyFour =
    hour === 0 || hour >= 13 || h.startsWith('0') || (h.length === 2 && m !== undefined);
  return { hour, minute, meridiem, twentyFour };
}

const clockText = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

function clockMinutes(clock: Clock, twentyFour: boolean): number | null {
  if (clock.meridiem)
    return ((clock.hour % 12) + (clock.meridiem === 'pm' ? 12 : 0)) * 60 + clock.minute;
  if (!twentyFour) return null;
  return clock.hour * 60 + clock.minute;
}

/** Minutes of a break written "30", "30m", "1h", "1h30", "90min"; null when it is not one. */
function readDuration(text: string): number | null {
  const match = text.match(/^(?:(\d{1,4})(?:m|min|mins)?|(\d{1,2})h(?:(\d{1,2})m?)?)$/);
  if (!match) return null;
  if (match[1] !== undefined) return Number(match[1]);
  return Number(match[2]) * 60 + Number(match[3] ?? 0);
}

// --- Names -------------------------------------------------------------------------------------

type Named =
  | { kind: 'employer'; employer: QuickEntryEmployer; label: string }
  | { kind: 'department'; employer: QuickEntryEmployer; department: string; label: string }
  | {
      kind: 'premium';
      employer: QuickEntryEmployer;
      premium: { id: string; name: string };
      label: string;
    };

interface Match {
  named: Named;
  exact: boolean;
}

const fold = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
const initials = (name: string) =>
  fold(name)
    .split(' ')
    .map((word) => word.charAt(0))
    .join('');

/** Exact (the whole name), or the start of it or of one of its words, or its initials. */
function matchName(phrase: string, name: string, exactOnly: boolean): 'exact' | 'partial' | null {
  const p = fold(phrase);
  const n = fold(name);
  if (p === '' || n === '') return null;
  if (p === n) return 'exact';
  if (exactOnly) return null;
  // The start of the name or of any of its words: "diner" for Evening Diner.
  const words = n.split(' ');
  if (words.some((_, i) => words.slice(i).join(' ').startsWith(p))) return 'partial';
  if (!p.includes(' ') && n.includes(' ') && initials(name) === p) return 'partial';
  return null;
}

function namesOf(employers: readonly QuickEntryEmployer[]): Named[] {
  const all: Named[] = [];
  for (const employer of employers) {
    all.push({ kind: 'employer', employer, label: employer.name });
    for (const department of employer.departments) {
      all.push({
        kind: 'department',
        employer,
        department,
        label: `${department} (${employer.name})`,
      });
    }
    for (const premium of employer.premiums) {
      all.push({ kind: 'premium', employer, premium, label: `${premium.name} (${employer.name})` });
    }
  }
  return all;
}

const KIND_OF_MARKER = { '@': 'employer', '#': 'department', '+': 'premium' } as const;

function matchesOf(
  phrase: string,
  token: Pick<Token, 'quoted' | 'marker'>,
  names: Named[],
): Match[] {
  const out: Match[] = [];
  for (const named of names) {
    if (token.marker && KIND_OF_MARKER[token.marker] !== named.kind) continue;
    const name =
      named.kind === 'employer'
        ? named.employer.name
        : named.kind === 'department'
          ? named.department
          : named.premium.name;
    const how = matchName(phrase, name, token.quoted);
    if (how) out.push({ named, exact: how === 'exact' });
  }
  return out;
}

/** Exact matches win over partial ones. */
const best = (matches: Match[]) =>
  matches.some((m) => m.exact) ? matches.filter((m) => m.exact) : matches;

const orList = (labels: string[]) =>
  labels.length <= 2
    ? labels.join(' or ')
    : `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`;

const quote = (word: string) => `“${word}”`;

// --- The parser --------------------------------------------------------------------------------

interface Phrase {
  text: string;
  /** As typed. */
  raw: string;
  token: Pick<Token, 'quoted' | 'marker'>;
  matches: Match[];
}

/** Reads one line into a shift, or says every word it could not read and what is missing. */
export function parseQuickEntry(text: string, context: QuickEntryContext): QuickEntryResult {
  const problems: QuickEntryProblem[] = [];
  const problem = (word: string | null, message: string) => problems.push({ word, message });
  const { tokens, unclosed } = tokenize(text);
  if (unclosed) problem(null, 'A quote mark (") is not closed');
  /** Tokens from..from+count-1 exactly as typed, spaces and all, to name them in a problem. */
  const typed = (from: number, count: number) =>
    text.slice(
      (tokens[from] as Token).begin,
      (tokens[Math.min(from + count, tokens.length) - 1] as Token).end,
    );
  const names = namesOf(context.employers);

  const dates: { word: string; date: string }[] = [];
  const times: { word: string; start: number; end: number }[] = [];
  let timesWritten = false;
  const breaks: { word: string; minutes: number }[] = [];
  const phrases: Phrase[] = [];
  let run: Token[] = [];

  const flushRun = () => {
    // The longest run of words that names something, from the left.
    let i = 0;
    while (i < run.length) {
      let taken = 1;
      let matches: Match[] = [];
      for (let length = run.length - i; length >= 1; length--) {
        const phrase = run
          .slice(i, i + length)
          .map((t) => t.text)
          .join(' ');
        const found = matchesOf(phrase, { quoted: false, marker: null }, names);
        if (found.length > 0) {
          taken = length;
          matches = found;
          break;
        }
      }
      const words = run.slice(i, i + taken);
      const phrase = words.map((t) => t.text).join(' ');
      const raw = text.slice((words[0] as Token).begin, (words[words.length - 1] as Token).end);
      phrases.push({ text: phrase, raw, token: { quoted: false, marker: null }, matches });
      i += taken;
    }
    run = [];
  };

  /** A date word that is also the start of a name is pointed out, not read either way. */
  const dateWord = (word: string, date: string, consumed: number) => {
    const clash = best(matchesOf(word, { quoted: false, marker: null }, names));
    if (consumed === 1 && clash.length > 0) {
      problem(
        word,
        `${quote(word)} could be ${orList([formatWeekdayDate(date), ...clash.map((m) => m.named.label)])}: write the name in quotes`,
      );
    } else {
      dates.push({ word, date });
    }
  };

  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i] as Token;
    const word = plain(token);
    if (word === null) {
      flushRun();
      phrases.push({
        text: token.text,
        raw: token.raw,
        token,
        matches: matchesOf(token.text, token, names),
      });
      i++;
      continue;
    }
    const next = plain(tokens[i + 1]);
    const afterNext = plain(tokens[i + 2]);

    // Dates.
    if (/^\d{4}-\d{2}-\d{2}$/.test(word)) {
      flushRun();
      if (isValidDate(word)) dates.push({ word, date: word });
      else problem(token.text, `${quote(token.text)} is not a real date`);
      i++;
      continue;
    }
    if (word in RELATIVE) {
      flushRun();
      dateWord(token.text, addDays(context.today, RELATIVE[word] as number), 1);
      i++;
      continue;
    }
    if ((word === 'next' || word === 'last') && next !== null && next in WEEKDAYS) {
      flushRun();
      const recent = lastWeekday(context.today, WEEKDAYS[next] as number);
      const date =
        word === 'next'
          ? addDays(recent, 7)
          : recent === context.today
            ? addDays(recent, -7)
            : recent;
      dates.push({ word: typed(i, 2), date });
      i += 2;
      continue;
    }
    if (word in WEEKDAYS) {
      flushRun();
      dateWord(token.text, lastWeekday(context.today, WEEKDAYS[word] as number), 1);
      i++;
      continue;
    }
    const month = monthOf(word);
    const monthDay = dayNumberOf(next);
    const dayMonth = monthOf(next);
    const dayFirst = dayNumberOf(word);
    if ((month !== null && monthDay !== null) || (dayFirst !== null && dayMonth !== null)) {
      flushRun();
      const [m, d] = month !== null && monthDay !== null ? [month, monthDay] : [dayMonth, dayFirst];
      const hasYear = afterNext !== null && /^\d{4}$/.test(afterNext);
      const written = typed(i, hasYear ? 3 : 2);
      const date = hasYear
        ? `${afterNext}-${pad(m as number)}-${pad(d as number)}`
        : nearest(context.today, m as number, d as number);
      if (date && isValidDate(date)) dates.push({ word: written, date });
      else problem(written, `${quote(written)} is not a real date`);
      i += hasYear ? 3 : 2;
      continue;
    }

    // Times: "22-6:30", "22 - 6:30", "10pm to 6am", "22- 6", "22 -6".
    let range: { written: string; from: string; to: string; used: number } | null = null;
    const inOne = word.match(/^([^-–]+)[-–]([^-–]+)$/);
    if (inOne && readClock(inOne[1] as string) && readClock(inOne[2] as string)) {
      range = { written: token.text, from: inOne[1] as string, to: inOne[2] as string, used: 1 };
    } else if (
      readClock(word) &&
      next !== null &&
      ['-', '–', 'to'].includes(next) &&
      afterNext !== null &&
      readClock(afterNext)
    ) {
      range = {
        written: typed(i, 3),
        from: word,
        to: afterNext,
        used: 3,
      };
    } else if (
      /[-–]$/.test(word) &&
      readClock(word.slice(0, -1)) &&
      next !== null &&
      readClock(next)
    ) {
      range = {
        written: typed(i, 2),
        from: word.slice(0, -1),
        to: next,
        used: 2,
      };
    } else if (readClock(word) && next !== null && /^[-–]/.test(next) && readClock(next.slice(1))) {
      range = {
        written: typed(i, 2),
        from: word,
        to: next.slice(1),
        used: 2,
      };
    }
    if (range) {
      flushRun();
      timesWritten = true;
      const from = readClock(range.from) as Clock;
      const to = readClock(range.to) as Clock;
      const twentyFour = from.twentyFour || to.twentyFour;
      const start = clockMinutes(from, twentyFour);
      const end = clockMinutes(to, twentyFour);
      if (start === null || end === null) {
        problem(
          range.written,
          `${quote(range.written)} could be morning or evening: write am or pm (9am-5pm) or 24-hour times (09:00-17:00)`,
        );
      } else {
        times.push({ word: range.written, start, end });
      }
      i += range.used;
      continue;
    }

    // Breaks: "b30", "b1h", "b1h30", "break 30", "break 1h".
    const short = word.match(/^b(\d.*)$/);
    if (short && readDuration(short[1] as string) !== null) {
      flushRun();
      breaks.push({ word: token.text, minutes: readDuration(short[1] as string) as number });
      i++;
      continue;
    }
    if (word === 'break' && next !== null && readDuration(next) !== null) {
      flushRun();
      breaks.push({
        word: typed(i, 2),
        minutes: readDuration(next) as number,
      });
      i += 2;
      continue;
    }

    run.push(token);
    i++;
  }
  flushRun();

  const twice = (what: string, words: string[]) => {
    if (words.length > 1)
      problem(words.join(', '), `Two ${what}: ${words.map(quote).join(' and ')}`);
  };
  twice(
    'dates',
    dates.map((d) => d.word),
  );
  twice(
    'times',
    times.map((t) => t.word),
  );
  twice(
    'breaks',
    breaks.map((b) => b.word),
  );

  // The employer: named by the first words that name an employer or one of its departments.
  const lead = phrases.find((p) => p.matches.some((m) => m.named.kind !== 'premium'));
  let employers: QuickEntryEmployer[] = [];
  let department: string | null = null;
  const premiumIds = new Set<string>();
  if (lead) {
    const leadMatches = lead.matches.filter((m) => m.named.kind !== 'premium');
    const exactEmployers = leadMatches.filter((m) => m.exact && m.named.kind === 'employer');
    const chosen = exactEmployers.length > 0 ? exactEmployers : best(leadMatches);
    if (chosen.length > 1) {
      problem(lead.raw, `${quote(lead.raw)} could be ${orList(chosen.map((m) => m.named.label))}`);
    }
    employers = [...new Set(chosen.map((m) => m.named.employer))];
    const only = chosen[0]?.named;
    if (chosen.length === 1 && only?.kind === 'department') department = only.department;
  } else if (phrases.every((p) => p.matches.length > 0)) {
    problem(null, 'Which employer? Start with its name, e.g. “ER tomorrow 22-6:30”');
  }

  for (const phrase of phrases) {
    if (phrase === lead) continue;
    if (phrase.matches.length === 0) {
      problem(phrase.raw, `Don’t know ${quote(phrase.raw)}`);
      continue;
    }
    if (employers.length === 0) {
      problem(phrase.raw, `Don’t know ${quote(phrase.raw)} without an employer`);
      continue;
    }
    if (employers.length > 1) continue; // The employer's own problem is said already.
    const employer = employers[0] as QuickEntryEmployer;
    const here = best(phrase.matches.filter((m) => m.named.employer === employer));
    if (here.length === 0) {
      problem(
        phrase.raw,
        `${quote(phrase.raw)} is not a department or premium of ${employer.name}`,
      );
      continue;
    }
    if (here.length > 1) {
      problem(
        phrase.raw,
        `${quote(phrase.raw)} could be ${orList(here.map((m) => m.named.label))}`,
      );
      continue;
    }
    const named = (here[0] as Match).named;
    if (named.kind === 'department') {
      if (department !== null && department !== named.department) {
        problem(phrase.raw, `Two departments: ${quote(department)} and ${quote(named.department)}`);
      }
      department = named.department;
    } else if (named.kind === 'premium') {
      premiumIds.add(named.premium.id);
    }
  }

  if (!timesWritten) problem(null, 'Add the start and end times, e.g. 22-6:30');
  const date = dates[0]?.date ?? context.today;
  if (dates.length === 1 && date < FIRST_DATE) {
    problem(dates[0]?.word ?? null, `Dates start at ${FIRST_DATE}`);
  }
  const breakDuration = breaks[0]?.minutes ?? 0;
  if (breaks.length === 1 && breakDuration > MAX_BREAK) {
    problem(breaks[0]?.word ?? null, 'Break must be shorter than the shift');
  }
  const time = times[0];
  if (time && times.length === 1 && breakDuration <= MAX_BREAK) {
    const startTime = clockText(time.start);
    const endTime = clockText(time.end);
    const shift = shiftMinutes({ startTime, endTime, breakDuration });
    if (!shift.ok)
      problem(
        shift.field === 'breakDuration' ? (breaks[0]?.word ?? null) : time.word,
        shift.message,
      );
  }

  if (problems.length > 0 || !time || employers.length !== 1) {
    return { ok: false, problems };
  }
  const employer = employers[0] as QuickEntryEmployer;
  return {
    ok: true,
    draft: {
      employerId: employer.id,
      department,
      date,
      startTime: clockText(time.start),
      endTime: clockText(time.end),
      breakDuration,
      manualPremiumIds: employer.premiums.map((p) => p.id).filter((id) => premiumIds.has(id)),
    },
  };
}

// --- Back to text ------------------------------------------------------------------------------

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The draft as a line the parser reads back into the same draft: names in quotes with their
 * marks (@ employer, # department, + premium), the date and 24-hour times in full.
 */
export function formatQuickEntry(draft: QuickEntryDraft, context: QuickEntryContext): string {
  const employer = context.employers.find((e) => e.id === draft.employerId);
  const parts = [`@${quoted(employer?.name ?? '')}`];
  if (draft.department !== null) parts.push(`#${quoted(draft.department)}`);
  parts.push(draft.date, `${draft.startTime}-${draft.endTime}`);
  if (draft.breakDuration > 0) parts.push(`b${draft.breakDuration}`);
  for (const id of draft.manualPremiumIds) {
    const premium = employer?.premiums.find((p) => p.id === id);
    parts.push(`+${quoted(premium?.name ?? id)}`);
  }
  return parts.join(' ');
}

const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTH_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/** '2026-03-03' → 'Tue, Mar 3, 2026'. */
export function formatWeekdayDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${WEEKDAY_NAMES[dayOfWeek(date)]}, ${MONTH_NAMES[m - 1]} ${d}, ${y}`;
}
