import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { cn } from '@/lib/utils';
import { type WorkLogFilter, workLogFilters } from '../../../../shared/domain/index.ts';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import { ALL, type WorkLogFilterState } from './use-work-log-filters';
import { departmentOptions, employerOptions } from './work-log-select-fields';

const dateFilterLabels: Record<WorkLogFilter, string> = {
  today: 'Today',
  'this-week': 'This Week',
  'last-week': 'Last Week',
  'this-month': 'This Month',
  'last-month': 'Last Month',
  'this-year': 'This Year',
  all: 'All Time',
};

const filterIds: Record<keyof WorkLogFilterState, string> = {
  employerId: 'work-log-filter-employer',
  department: 'work-log-filter-department',
  date: 'work-log-filter-date',
};

type WorkLogFiltersProps = {
  filters: WorkLogFilterState;
  onChange: (changes: Partial<WorkLogFilterState>) => void;
  onClear: () => void;
  search: string;
  onSearchChange: (search: string) => void;
  employers: Employer[];
  active: boolean;
  /** The id of the message saying why the server refused the search, while it shows. */
  searchRefused?: string | undefined;
};

/** docs/product/screens.md#work-logs. */
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

  const select = <K extends keyof WorkLogFilterState>(
    name: K,
    label: string,
    options: SelectOption<WorkLogFilterState[K]>[],
    disabled = false,
  ) => (
    <SelectField
      id={filterIds[name]}
      label={label}
      hideLabel
      value={filters[name]}
      onValueChange={(value) => {
        const change: Partial<WorkLogFilterState> = {};
        change[name] = value;
        onChange(change);
      }}
      options={options}
      disabled={disabled}
    />
  );

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
      <SearchInput
        id="work-log-search"
        label="Search Logs"
        hideLabel
        placeholder="Search Logs"
        className="sm:col-span-2 lg:col-span-1"
        // The server's reason shows in the list's place (WorkLogsRefused), not under the box.
        aria-invalid={searchRefused ? true : undefined}
        aria-describedby={searchRefused}
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
      />

      {select('employerId', 'Filter by employer', [
        { value: ALL, label: 'All Employers' },
        ...employerOptions(employers),
      ])}
      {select(
        'department',
        'Filter by department',
        [{ value: ALL, label: 'All Departments' }, ...departmentOptions(departments)],
        departments.length === 0,
      )}
      {select(
        'date',
        'Filter by date',
        workLogFilters.map((option) => ({ value: option, label: dateFilterLabels[option] })),
      )}

      {active ? (
        <Button variant="ghost" onClick={onClear} className="sm:col-span-2 lg:col-span-1">
          <X aria-hidden="true" />
          Clear filters
        </Button>
      ) : null}
    </search>
  );
}
