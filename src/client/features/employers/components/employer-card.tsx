import { History, MoreVertical, Palette, Pencil, Trash2 } from 'lucide-react';
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
import { versionOn } from '../../../../shared/domain/pay-rule-versions.ts';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import {
  employmentTypeLabels,
  rulesInWords,
  scheduleLabels,
  taxMethodLabels,
} from './employer-labels';

export type EmployerAction = 'edit' | 'colours' | 'history' | 'delete';

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
          <Detail label="Schedule">{scheduleLabels[employer.timesheetSchedule]}</Detail>
          <Detail label="Tax rate">{formatPercentage(rules.taxRate)}</Detail>
          <Detail label="Tax method">{taxMethodLabels[rules.taxMethod]}</Detail>
          <Detail label="Pay rules">{rulesInWords(rules)}</Detail>
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
