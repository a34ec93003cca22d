import { CalendarDays } from 'lucide-react';
import { lazy, type Ref, Suspense, useState } from 'react';
import { formatDisplayDate, formatIsoDate, parseIsoDate } from '../../../shared/domain/index.ts';
import { Button } from './button';
import { Field } from './field';
import { Popover, PopoverContent, PopoverTrigger } from './popover';
import { Skeleton } from './skeleton';

// Its own chunk; a form may call this early so the popover opens at once.
export const loadCalendar = () => import('./calendar');
const Calendar = lazy(loadCalendar);

type DatePickerFieldProps = {
  id: string;
  label: string;
  /** 'YYYY-MM-DD', or '' for none yet. */
  value: string;
  onChange: (date: string) => void;
  onBlur?: () => void;
  /** In the user's time zone. */
  today: string;
  error?: string | undefined;
  required?: boolean;
  calendarLabel?: string;
  ref?: Ref<HTMLButtonElement>;
};

export function DatePickerField({
  id,
  label,
  value,
  onChange,
  onBlur,
  today,
  error,
  required = false,
  calendarLabel = `Choose the ${label.toLowerCase()}`,
  ref,
}: DatePickerFieldProps) {
  const [open, setOpen] = useState(false);
  const selected = value ? parseIsoDate(value) : undefined;
  return (
    <Field id={id} label={label} error={error} required={required} className="min-w-0">
      {/* A button may not say aria-required; the label's asterisk does. */}
      {({ 'aria-required': _required, ...control }) => (
        <Popover open={open} onOpenChange={setOpen}>
          <PopoverTrigger asChild>
            <Button
              {...control}
              ref={ref}
              // Named by the label plus the day shown: "Start date Sun, Mar 1, 2026".
              aria-labelledby={`${id}-label ${id}`}
              variant="outline"
              className="w-full justify-start font-normal"
              onBlur={onBlur}
            >
              <CalendarDays aria-hidden="true" className="text-muted-foreground" />
              {value ? formatDisplayDate(value) : 'Pick a date'}
            </Button>
          </PopoverTrigger>
          <PopoverContent aria-label={calendarLabel}>
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
      )}
    </Field>
  );
}
