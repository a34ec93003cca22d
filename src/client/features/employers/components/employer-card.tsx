import { CalendarDays, History, MoreVertical, Palette, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useCurrency, userTimeZone, useSettings } from '@/features/settings';
import { brandColorStyles } from '@/lib/brand-colors';
import { cn } from '@/lib/utils';
import { todayIn } from '../../../../shared/domain/dates.ts';
import {
  formatDisplayDate,
  formatHourlyRate,
  formatPercentage,
} from '../../../../shared/domain/format.ts';
import { formatCurrency, formatPercent } from '../../../../shared/domain/money.ts';
import { payCalendarInWords, payCalendarOf } from '../../../../shared/domain/pay-periods.ts';
import { versionOn } from '../../../../shared/domain/pay-rule-versions.ts';
import { overtimePresetLabel, overtimeRulesInWords } from '../../../../shared/domain/pay-text.ts';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import { groupOf, useEmployerGroups } from '../api/employer-groups';
import {
  employmentTypeLabels,
  rulesInWords,
  scheduleLabels,
  taxMethodLabels,
} from './employer-labels';

export type EmployerAction = 'edit' | 'colours' | 'history' | 'holidays' | 'delete';

type OvertimeView = Employer['overtime'];
type PremiumView = Employer['premiums'][number];

// Not the schemas' list: the page's first load stays without zod.
const presets = ['none', 'usFederal', 'california', 'hospital8and80', 'custom'] as const;
const isPreset = (preset: string): preset is (typeof presets)[number] =>
  (presets as readonly string[]).includes(preset);

/** 'Semi-Monthly (the 5th and the 20th) · Paid 7 days after the period'. */
function scheduleInWords(employer: Employer): string {
  const { periods, payday } = payCalendarInWords(payCalendarOf(employer));
  const name = scheduleLabels[employer.timesheetSchedule];
  return `${periods ? `${name} (${periods})` : name} · ${payday}`;
}

/** 'US federal (over 40 h a week)'; a custom rule in its words; null without overtime. */
export function overtimeShort(rule: OvertimeView): string | null {
  if (!isPreset(rule.preset) || rule.preset === 'none') return null;
  if (rule.preset === 'custom') {
    const lines = overtimeRulesInWords(rule as Parameters<typeof overtimeRulesInWords>[0]);
    return lines.length > 0 ? lines.join('; ') : null;
  }
  // The preset's name without its long explanation (California's lists every rule).
  return rule.preset === 'california' ? 'California' : overtimePresetLabel(rule.preset);
}

/** 'Nights +$2.00/h, Charge nurse +10%'. */
export function premiumsShort(premiums: readonly PremiumView[], currency: string): string | null {
  if (premiums.length === 0) return null;
  return premiums
    .map((p) =>
      p.kind === 'percent'
        ? `${p.name} +${formatPercent(p.basisPoints ?? 0).replace(/\.00$/, '')}%`
        : `${p.name} +${formatCurrency(p.centsPerHour ?? 0, currency)}/h`,
    )
    .join(', ');
}

/** The id of a card's menu button, where focus returns after one of its dialogs. */
export const actionsButtonId = (id: number) => `employer-actions-${id}`;

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-baseline justify-between gap-3">
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-right font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

type EmployerCardProps = { employer: Employer; onAction: (action: EmployerAction) => void };

export function EmployerCard({ employer, onAction }: EmployerCardProps) {
  const colour = brandColorStyles[employer.brandColor];
  const currency = useCurrency();
  const titleId = `employer-${employer.id}-name`;
  // The rules in effect today; a change dated later is announced, not shown as current.
  const today = todayIn(userTimeZone(useSettings().data), new Date());
  const rules = employer.payRules.length > 0 ? versionOn(today, employer.payRules) : employer;
  // In a group, the group's overtime rules count its hours; its own rest meanwhile. Until the
  // groups are read (or if they cannot be), the card shows the employer's own.
  const group = groupOf(useEmployerGroups().data?.groups, employer.id);
  const overtime = group
    ? `With ${group.name}: ${overtimeShort(group.overtime) ?? 'no overtime'}`
    : overtimeShort(rules.overtime);
  const premiums = premiumsShort(rules.premiums, currency);
  const next = employer.payRules.find((v) => v.effectiveFrom !== null && v.effectiveFrom > today);
  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      data-brand-color={employer.brandColor}
      className={cn('flex flex-col border-l-4', colour.accent)}
    >
      <div className="flex items-start gap-3 p-5 pb-3">
        <span
          aria-hidden="true"
          className={cn('mt-1.5 size-3 shrink-0 rounded-full', colour.swatch)}
        />
        <div className="min-w-0 flex-1 space-y-1.5">
          {/* One line, cut with an ellipsis; the whole name is in the tooltip and read in full. */}
          <h2
            id={titleId}
            title={employer.name}
            className="truncate font-semibold text-lg leading-tight"
          >
            {employer.name}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={employer.isActive ? 'active' : 'secondary'}>
              {employer.isActive ? 'Active' : 'Inactive'}
            </Badge>
            <span className="text-muted-foreground text-sm">
              {employmentTypeLabels[employer.employmentType]}
            </span>
          </div>
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              id={actionsButtonId(employer.id)}
              variant="ghost"
              size="icon"
              className="-mt-2 -mr-2 size-9"
              aria-label={`Actions for ${employer.name}`}
            >
              <MoreVertical aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => onAction('edit')}>
              <Pencil aria-hidden="true" />
              Edit
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onAction('colours')}>
              <Palette aria-hidden="true" />
              Change Colours
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onAction('history')}>
              <History aria-hidden="true" />
              Rate history
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onAction('holidays')}>
              <CalendarDays aria-hidden="true" />
              Holidays
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={() => onAction('delete')}>
              <Trash2 aria-hidden="true" />
              Delete
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <div className="flex flex-1 flex-col gap-4 px-5 pb-5">
        <div>
          {employer.departments.length === 0 ? (
            <p className="text-muted-foreground text-sm">No Departments</p>
          ) : (
            <ul aria-label="Departments" className="flex flex-wrap gap-1.5">
              {employer.departments.map((department) => (
                <li key={department} className="min-w-0 max-w-full">
                  <Badge
                    className={cn('max-w-full font-medium', colour.soft)}
                    variant="outline"
                    title={department}
                  >
                    <span className="truncate">{department}</span>
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </div>
        <dl className="mt-auto grid gap-2 border-t pt-4 text-sm">
          <Detail label="Rate">{formatHourlyRate(rules.hourlyRate, currency)}</Detail>
          <Detail label="Phone">{employer.phone ?? 'N/A'}</Detail>
          <Detail label="Email">{employer.contactEmail ?? 'N/A'}</Detail>
          <Detail label="Schedule">{scheduleInWords(employer)}</Detail>
          <Detail label="Tax rate">{formatPercentage(rules.taxRate)}</Detail>
          <Detail label="Tax method">{taxMethodLabels[rules.taxMethod]}</Detail>
          <Detail label="Pay rules">{rulesInWords(rules)}</Detail>
          {overtime ? <Detail label="Overtime">{overtime}</Detail> : null}
          {premiums ? <Detail label="Premiums">{premiums}</Detail> : null}
        </dl>
        {next?.effectiveFrom ? (
          <p className="text-muted-foreground text-xs">
            New rates or rules from {formatDisplayDate(next.effectiveFrom)}: see Rate history.
          </p>
        ) : null}
      </div>
    </Card>
  );
}
