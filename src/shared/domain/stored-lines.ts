// A shift's premium and overtime lines as they are stored and sent: plain JSON, exact fractions
// written "num/den" so a screen or a sheet can show how a figure was reached.
import type { ExtraLine, OvertimeBasis } from './overtime.ts';
import { formatR } from './premiums.ts';

export type StoredExtraLine =
  | {
      kind: 'premium';
      ruleId: string;
      name: string;
      /** Paid minutes inside the rule, rounded half up for display. */
      minutes: number;
      /** Exactly, "num/den" or "num". */
      exactMinutes: string;
      /** The premium per hour in cents, rounded half up for display. */
      rateCentsPerHour: number;
      exactRateCentsPerHour: string;
      amountCents: number;
    }
  | {
      kind: 'overtime';
      basis: OvertimeBasis;
      /** 15000 = 1.5×. */
      multiplierBp: number;
      minutes: number;
      exactMinutes: string;
      /** First date of the workweek (or 14-day period) whose regular rate prices it. */
      periodStart: string;
      amountCents: number;
    };

export function storedLines(lines: readonly ExtraLine[]): StoredExtraLine[] {
  return lines.map((line) =>
    line.kind === 'premium'
      ? {
          kind: 'premium',
          ruleId: line.ruleId,
          name: line.name,
          minutes: line.minutes,
          exactMinutes: formatR(line.exactMinutes),
          rateCentsPerHour: line.rateCentsPerHour,
          exactRateCentsPerHour: formatR(line.exactRateCentsPerHour),
          amountCents: line.amountCents,
        }
      : {
          kind: 'overtime',
          basis: line.basis,
          multiplierBp: line.multiplierBp,
          minutes: line.minutes,
          exactMinutes: formatR(line.exactMinutes),
          periodStart: line.periodStart,
          amountCents: line.amountCents,
        },
  );
}
