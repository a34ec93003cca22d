import { CalendarDays } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, fieldErrorProps } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDisplayDate, formatIsoDate, parseIsoDate } from '../../../../shared/domain/index.ts';

// The calendar (react-day-picker) loads with the first open dialog, not with the page.
export const loadCalendar = () => import('@/components/ui/calendar');
const Calendar = lazy(loadCalendar);

type WorkLogDateFieldProps = {
  id: string;
  value: string;
  onChange: (date: string) => void;
  /** Today in the user's time zone, highlighted in the calendar. */
  today: string;
  error?: string;
};

/** A button showing the chosen day that opens a calendar in a popover. */
export function WorkLogDateField({ id, value, onChange, today, error }: WorkLogDateFieldProps) {
  const [open, setOpen] = useState(false);
  const selected = value ? parseIsoDate(value) : undefined;
  return (
    <div className="space-y-2">
      <Label id={`${id}-label`} htmlFor={id}>
        Date
      </Label>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button
            id={id}
            // Named "Date" plus the day shown, not just "Date".
            aria-labelledby={`${id}-label ${id}`}
            variant="outline"
            className="w-full justify-start font-normal"
            {...fieldErrorProps(id, error)}
          >
            <CalendarDays aria-hidden="true" className="text-muted-foreground" />
            {value ? formatDisplayDate(value) : 'Pick a date'}
          </Button>
        </PopoverTrigger>
        <PopoverContent aria-label="Choose a date">
          <Suspense fallback={<Skeleton className="h-[19rem] w-[16.5rem]" />}>
            <Calendar
              mode="single"
              required
              selected={selected}
              defaultMonth={selected}
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
