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

/** A long name is cut short beside the chevron, which keeps its size. */
export const keepChevron = '[&>svg]:shrink-0';
/** Long names wrap inside an open list instead of widening it past a phone's screen. */
export const listFitsScreen = 'max-w-[calc(100vw-2rem)]';

/** The choices of a pick-one list: employers (by id, shown by name) or departments. */
export function ListOptions({ items }: { items: (Pick<Employer, 'id' | 'name'> | string)[] }) {
  return items.map((item) => {
    const [value, label] = typeof item === 'string' ? [item, item] : [String(item.id), item.name];
    return (
      <SelectItem key={value} value={value} className="break-words">
        {label}
      </SelectItem>
    );
  });
}

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
  /** The id of the message saying why the server refused the search, while it shows. */
  searchRefused?: string | undefined;
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
  searchRefused,
}: WorkLogFiltersProps) {
  const employer = employers.find((e) => String(e.id) === filters.employerId);
  const departments = employer?.departments ?? [];

  return (
    <search
      aria-label="Work logs"
      className={cn(
        // minmax(0, 1fr) columns: a long employer name is cut in its box, never widening the page.
        'mb-6 grid grid-cols-1 gap-3 rounded-xl border bg-card p-4 shadow-sm sm:grid-cols-2',
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
          aria-invalid={searchRefused ? true : undefined}
          aria-describedby={searchRefused}
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
        />
      </div>

      <div>
        <Label htmlFor="work-log-filter-employer" className="sr-only">
          Filter by employer
        </Label>
        <Select value={filters.employerId} onValueChange={(employerId) => onChange({ employerId })}>
          <SelectTrigger id="work-log-filter-employer" className={keepChevron}>
            <SelectValue placeholder="All Employers" />
          </SelectTrigger>
          <SelectContent className={listFitsScreen}>
            <SelectItem value={ALL}>All Employers</SelectItem>
            <ListOptions items={employers} />
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
          <SelectTrigger id="work-log-filter-department" className={keepChevron}>
            <SelectValue placeholder="All Departments" />
          </SelectTrigger>
          <SelectContent className={listFitsScreen}>
            <SelectItem value={ALL}>All Departments</SelectItem>
            <ListOptions items={departments} />
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
