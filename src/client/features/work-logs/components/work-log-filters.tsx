import { Search, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { cn } from '@/lib/utils';
import { type WorkLogFilter, workLogFilters } from '../../../../shared/domain/index.ts';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import { ALL, type WorkLogFilterState } from './use-work-log-filters';

export const dateFilterLabels: Record<WorkLogFilter, string> = {
  today: 'Today',
  'this-week': 'This Week',
  'last-week': 'Last Week',
  'this-month': 'This Month',
  'last-month': 'Last Month',
  'this-year': 'This Year',
  all: 'All Time',
};

type WorkLogFiltersProps = {
  filters: WorkLogFilterState;
  onChange: (changes: Partial<WorkLogFilterState>) => void;
  onClear: () => void;
  search: string;
  onSearchChange: (search: string) => void;
  employers: Employer[];
  /** Filters or a search term are set. */
  active: boolean;
};

/** Search by employer name and the employer, department and date filters (SPEC.md §2). */
export function WorkLogFilters({
  filters,
  onChange,
  onClear,
  search,
  onSearchChange,
  employers,
  active,
}: WorkLogFiltersProps) {
  const employer = employers.find((e) => String(e.id) === filters.employerId);
  const departments = employer?.departments ?? [];

  return (
    <search
      aria-label="Work logs"
      className={cn(
        'mb-6 grid gap-3 rounded-xl border bg-card p-4 shadow-sm sm:grid-cols-2',
        active
          ? 'lg:grid-cols-[minmax(0,1.4fr)_repeat(3,minmax(0,1fr))_auto]'
          : 'lg:grid-cols-[minmax(0,1.4fr)_repeat(3,minmax(0,1fr))]',
      )}
    >
      <div className="relative sm:col-span-2 lg:col-span-1">
        <Label htmlFor="work-log-search" className="sr-only">
          Search Logs
        </Label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id="work-log-search"
          type="search"
          placeholder="Search Logs"
          className="pl-9"
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
        />
      </div>

      <div>
        <Label htmlFor="work-log-filter-employer" className="sr-only">
          Filter by employer
        </Label>
        <Select value={filters.employerId} onValueChange={(employerId) => onChange({ employerId })}>
          <SelectTrigger id="work-log-filter-employer">
            <SelectValue placeholder="All Employers" />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All Employers</SelectItem>
            {employers.map((e) => (
              <SelectItem key={e.id} value={String(e.id)}>
                {e.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      <div>
        <Label htmlFor="work-log-filter-department" className="sr-only">
          Filter by department
        </Label>
        <Select
          value={filters.department}
          onValueChange={(department) => onChange({ department })}
          disabled={departments.length === 0}
        >
          <SelectTrigger id="work-log-filter-department">
            <SelectValue placeholder="All Departments" />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All Departments</SelectItem>
            {departments.map((d) => (
              <SelectItem key={d} value={d}>
                {d}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      <div>
        <Label htmlFor="work-log-filter-date" className="sr-only">
          Filter by date
        </Label>
        <Select
          value={filters.date}
          onValueChange={(date) => onChange({ date: date as WorkLogFilter })}
        >
          <SelectTrigger id="work-log-filter-date">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {workLogFilters.map((option) => (
              <SelectItem key={option} value={option}>
                {dateFilterLabels[option]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      {active ? (
        <Button variant="ghost" onClick={onClear} className="sm:col-span-2 lg:col-span-1">
          <X aria-hidden="true" />
          Clear filters
        </Button>
      ) : null}
    </search>
  );
}
