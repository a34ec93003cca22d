// A shift premium as the premium editor holds it: amounts as typed ("2.00", "10"), turned into
// whole cents and basis points from the text (parseMoney), never through a float.
import { parseMoney } from '../../../../shared/domain/money.ts';
import type { PremiumRule } from '../../../../shared/domain/premiums.ts';
import type { Employer } from '../../../../shared/schemas/employers.ts';

export type PremiumDraft = {
  id: string;
  name: string;
  kind: 'percent' | 'fixed';
  /** Percentage of the rate: '10' → 1000 basis points. */
  percent: string;
  /** Optional, money per hour. */
  cap: string;
  /** Money per hour. */
  amount: string;
  days: number[];
  windowStart: string;
  windowEnd: string;
  holidays: boolean;
  manualOnly: boolean;
};

export type PremiumDraftErrors = Partial<Record<keyof PremiumDraft | 'window', string>>;

const ID_LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Eight random letters and digits: the premium's id, which shifts name it by. */
export function newPremiumId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => ID_LETTERS[b % ID_LETTERS.length]).join('');
}

export function emptyPremiumDraft(): PremiumDraft {
  return {
    id: newPremiumId(),
    name: '',
    kind: 'fixed',
    percent: '',
    cap: '',
    amount: '',
    days: [],
    windowStart: '',
    windowEnd: '',
    holidays: false,
    manualOnly: false,
  };
}

/** 1000 → '10', 1250 → '12.5'; 200 → '2.00'. */
const hundredthsText = (value: number, keepZeros: boolean) => {
  const part = String(value % 100).padStart(2, '0');
  const shown = keepZeros ? part : part.replace(/0+$/, '');
  return `${Math.floor(value / 100)}${shown ? `.${shown}` : ''}`;
};

export function premiumDraftOf(rule: PremiumRule): PremiumDraft {
  return {
    id: rule.id,
    name: rule.name,
    kind: rule.kind,
    percent: rule.kind === 'percent' ? hundredthsText(rule.basisPoints, false) : '',
    cap:
      rule.kind === 'percent' && rule.capCentsPerHour
        ? hundredthsText(rule.capCentsPerHour, true)
        : '',
    amount: rule.kind === 'fixed' ? hundredthsText(rule.centsPerHour, true) : '',
    days: [...(rule.days ?? [])],
    windowStart: rule.window?.start ?? '',
    windowEnd: rule.window?.end ?? '',
    holidays: rule.holidays === true,
    manualOnly: rule.manualOnly === true,
  };
}

/** A stored premium (the API's view, with optional amounts) as the engine's rule. */
export function premiumOf(view: Employer['premiums'][number]): PremiumRule {
  const base = {
    id: view.id,
    name: view.name,
    ...(view.days && view.days.length > 0 ? { days: [...view.days] } : {}),
    ...(view.window ? { window: view.window } : {}),
    ...(view.holidays ? { holidays: true } : {}),
    ...(view.manualOnly ? { manualOnly: true } : {}),
  };
  return view.kind === 'percent'
    ? {
        ...base,
        kind: 'percent',
        basisPoints: view.basisPoints ?? 0,
        ...(view.capCentsPerHour ? { capCentsPerHour: view.capCentsPerHour } : {}),
      }
    : { ...base, kind: 'fixed', centsPerHour: view.centsPerHour ?? 0 };
}

export const PREMIUM_MESSAGES = {
  name: 'Give the premium a name',
  nameLength: 'Premium name must be at most 60 characters',
  nameTaken: 'Another premium already has this name',
  percent: 'Enter a percentage like 10 or 12.5',
  percentRange: 'Percentage must be between 0.01 and 1000',
  cap: 'Enter an amount per hour like 2.00, or leave it empty',
  amount: 'Enter an amount per hour like 2.00',
  amountRange: 'Amount must be between 0.01 and 10,000 an hour',
  windowBoth: 'Enter both times, or neither',
  windowSame: 'The window must start and end at different times',
  time: 'Enter a time like 22:00',
} as const;

const isClock = (text: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(text);

/** The rule the draft stands for, or the message for each field that is wrong. */
export function premiumFromDraft(
  draft: PremiumDraft,
  otherNames: readonly string[],
): { rule: PremiumRule } | { errors: PremiumDraftErrors } {
  const errors: PremiumDraftErrors = {};
  const name = draft.name.trim();
  if (name === '') errors.name = PREMIUM_MESSAGES.name;
  else if (name.length > 60) errors.name = PREMIUM_MESSAGES.nameLength;
  else if (otherNames.some((other) => other.toLowerCase() === name.toLowerCase())) {
    errors.name = PREMIUM_MESSAGES.nameTaken;
  }

  let amount: { kind: 'percent'; basisPoints: number; capCentsPerHour?: number } | undefined;
  let fixed: { kind: 'fixed'; centsPerHour: number } | undefined;
  if (draft.kind === 'percent') {
    const basisPoints = parseMoney(draft.percent);
    if (basisPoints === null) errors.percent = PREMIUM_MESSAGES.percent;
    else if (basisPoints < 1 || basisPoints > 100_000)
      errors.percent = PREMIUM_MESSAGES.percentRange;
    let cap: number | undefined;
    if (draft.cap.trim() !== '') {
      const cents = parseMoney(draft.cap);
      if (cents === null || cents < 1 || cents > 1_000_000) errors.cap = PREMIUM_MESSAGES.cap;
      else cap = cents;
    }
    if (basisPoints !== null) {
      amount = { kind: 'percent', basisPoints, ...(cap ? { capCentsPerHour: cap } : {}) };
    }
  } else {
    const cents = parseMoney(draft.amount);
    if (cents === null) errors.amount = PREMIUM_MESSAGES.amount;
    else if (cents < 1 || cents > 1_000_000) errors.amount = PREMIUM_MESSAGES.amountRange;
    else fixed = { kind: 'fixed', centsPerHour: cents };
  }

  const start = draft.windowStart.trim();
  const end = draft.windowEnd.trim();
  if (start !== '' || end !== '') {
    if (start === '') errors.windowStart = PREMIUM_MESSAGES.windowBoth;
    else if (!isClock(start)) errors.windowStart = PREMIUM_MESSAGES.time;
    if (end === '') errors.windowEnd = PREMIUM_MESSAGES.windowBoth;
    else if (!isClock(end)) errors.windowEnd = PREMIUM_MESSAGES.time;
    if (!errors.windowStart && !errors.windowEnd && start === end) {
      errors.windowEnd = PREMIUM_MESSAGES.windowSame;
    }
  }

  if (Object.keys(errors).length > 0) return { errors };
  const days = [...new Set(draft.days)].sort((a, b) => a - b);
  const base = {
    id: draft.id,
    name,
    ...(days.length > 0 ? { days } : {}),
    ...(start !== '' ? { window: { start, end } } : {}),
    ...(draft.holidays ? { holidays: true } : {}),
    ...(draft.manualOnly ? { manualOnly: true } : {}),
  };
  const rule = (amount ? { ...base, ...amount } : { ...base, ...fixed }) as PremiumRule;
  return { rule };
}

/** Whether a window runs past midnight: its end is at or before its start ('22:00'–'06:00'). */
export const runsPastMidnight = (start: string, end: string) =>
  isClock(start) && isClock(end) && end <= start;
