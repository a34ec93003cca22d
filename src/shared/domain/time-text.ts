// The smallest pieces of pay wording, apart from pay-text.ts so a screen that needs only these
// (the work-log list's badges) does not load the rest.

/** 435 → '7:15'. */
export function formatHoursMinutes(minutes: number): string {
  if (!Number.isSafeInteger(minutes) || minutes < 0) {
    throw new RangeError(`Not a whole, non-negative number of minutes: ${minutes}`);
  }
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** 15000 → '1.5×'. */
export function multiplierInWords(multiplierBp: number): string {
  return `${(multiplierBp / 10_000).toString()}×`;
}
