import { CalendarDays } from 'lucide-react';
import { lazy, type Ref, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, fieldErrorProps } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDisplayDate, formatIsoDate, parseIsoDate } from '../../../../shared/domain/index.ts';

// The calendar (react-day-picker) is its own chunk, shared with the work-log dialog.
export const loadCalendar = () => import('@/components/ui/calendar');
const Calendar = lazy(loadCalendar);

type ReportDateFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (date: string) => void;
  onBlur?: () => void;
  /** Today in the user's time zone, marked in the calendar. */
  today: string;
  error?: string | undefined;
  ref?: Ref<HTMLButtonElement>;
};

/**
 * A button showing the chosen day that opens a calendar in a popover (dates from 2020-01-01,
 * years to next year: components/ui/calendar.tsx).
 */
export function ReportDateField({
  id,
  label,
  value,
  onChange,
  onBlur,
  today,
  error,
  ref,
}: ReportDateFieldProps) {
  const [open, setOpen] = useState(false);
  const selected = value ? parseIsoDate(value) : undefined;
  return (
    <div className="min-w-0 space-y-2">
      <Label id={`${id}-label`} htmlFor={id} required>
        {label}
      </Label>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button
            id={id}
            ref={ref}
            // Named by the label plus the day shown: "Start date Sun, Mar 1, 2026".
            aria-labelledby={`${id}-label ${id}`}
            variant="outline"
            className="w-full justify-start font-normal"
            onBlur={onBlur}
            {...fieldErrorProps(id, error)}
          >
            <CalendarDays aria-hidden="true" className="text-muted-foreground" />
            {value ? formatDisplayDate(value) : 'Pick a date'}
          </Button>
        </PopoverTrigger>
        <PopoverContent aria-label={`Choose the ${label.toLowerCase()}`}>
          <Suspense fallback={<Skeleton className="h-[19rem] w-[16.5rem]" />}>
            <Calendar
              mode="single"
              required
              selected={selected}
              defaultMonth={selected ?? parseIsoDate(today)}
              today={parseIsoDate(today)}
              onSelect={(day: Date) => {
                onChange(formatIsoDate(day));
                setOpen(false);
              }}
              autoFocus
            />
          </Suspense>
        </PopoverContent>
      </Popover>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
