import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { RetryAlert } from '@/components/ui/retry-alert';
import { toastSaveFailure } from '@/components/ui/save-button';
import { Skeleton } from '@/components/ui/skeleton';
import { userTimeZone, useSettings } from '@/features/settings';
import { errorMessage } from '@/lib/error-message';
import { todayIn } from '../../../../shared/domain/dates.ts';
import { formatDisplayDate } from '../../../../shared/domain/format.ts';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import { type EmployerHoliday, HOLIDAY_YEARS } from '../../../../shared/schemas/holidays.ts';
import { useChangeEmployerHoliday, useEmployerHolidays } from '../api/holidays';

type HolidaysDialogProps = {
  employer: Employer | undefined;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
};

/** The employer's holiday dates for a year: its country's public holidays and dates added. */
export function HolidaysDialog({ employer, onOpenChange, onCloseAutoFocus }: HolidaysDialogProps) {
  return (
    <Dialog open={employer !== undefined} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus} className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Holidays</DialogTitle>
          <DialogDescription className="[overflow-wrap:anywhere]">
            {employer
              ? `The days ${employer.name}'s holiday premiums pay on. Remove a day the job works as usual, or add one.`
              : ''}
          </DialogDescription>
        </DialogHeader>
        {employer ? <HolidaysBody employer={employer} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function HolidaysBody({ employer }: { employer: Employer }) {
  const today = todayIn(userTimeZone(useSettings().data), new Date());
  const [year, setYear] = useState(Number(today.slice(0, 4)));
  const holidays = useEmployerHolidays(employer.id, year);
  const change = useChangeEmployerHoliday(employer.id);
  const [busyDate, setBusyDate] = useState<string | null>(null);
  const listTitle = useId();

  async function run(
    date: string,
    action: Parameters<typeof change.mutateAsync>[0],
    failure: string,
  ) {
    setBusyDate(date);
    try {
      await change.mutateAsync(action);
      return true;
    } catch (error) {
      toastSaveFailure(error, errorMessage(error, failure));
      return false;
    } finally {
      setBusyDate(null);
    }
  }

  const remove = (holiday: EmployerHoliday) =>
    run(holiday.date, { action: 'remove', date: holiday.date }, 'Could not remove the date');
  const putBack = (holiday: EmployerHoliday) =>
    run(
      holiday.date,
      { action: 'add', body: { date: holiday.date, name: holiday.name } },
      'Could not put the date back',
    );

  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label="Previous year"
          disabled={year <= HOLIDAY_YEARS.min}
          onClick={() => setYear(year - 1)}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <h3 id={listTitle} className="font-semibold" aria-live="polite">
          {year}
        </h3>
        <Button
          variant="outline"
          size="icon"
          aria-label="Next year"
          disabled={year >= HOLIDAY_YEARS.max}
          onClick={() => setYear(year + 1)}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <div className="sm:max-h-[45vh] sm:overflow-y-auto">
        {holidays.isPending ? (
          <div role="status" aria-label="Loading the holidays" className="space-y-2">
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-2/3" />
          </div>
        ) : holidays.isError ? (
          <RetryAlert query={holidays}>Could not load the holidays.</RetryAlert>
        ) : holidays.data.holidays.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            {holidays.data.country
              ? `No holidays in ${year}.`
              : 'No public holidays: choose a country under Edit → Overtime and premiums. You can still add dates below.'}
          </p>
        ) : (
          <ul aria-labelledby={listTitle} className="divide-y rounded-lg border text-sm">
            {holidays.data.holidays.map((holiday) => (
              <li
                key={holiday.date}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 p-2 pl-3"
              >
                <div className="min-w-0 flex-1">
                  {holiday.removed ? <span className="sr-only">Removed: </span> : null}
                  <p
                    className={
                      holiday.removed
                        ? 'text-muted-foreground line-through [overflow-wrap:anywhere]'
                        : 'font-medium [overflow-wrap:anywhere]'
                    }
                  >
                    {holiday.name}
                  </p>
                  <p className="text-muted-foreground text-xs">
                    {formatDisplayDate(holiday.date)}{' '}
                    <Badge variant="outline" className="ml-1 px-1.5 py-0 text-[11px]">
                      {holiday.source === 'library' ? 'Public holiday' : 'Added'}
                    </Badge>
                  </p>
                </div>
                {holiday.removed ? (
                  <Button
                    variant="outline"
                    size="sm"
                    loading={busyDate === holiday.date}
                    aria-label={`Put back ${holiday.name}, ${formatDisplayDate(holiday.date)}`}
                    onClick={() => void putBack(holiday)}
                  >
                    Put back
                  </Button>
                ) : (
                  <Button
                    variant="ghost"
                    size="sm"
                    loading={busyDate === holiday.date}
                    aria-label={`Remove ${holiday.name}, ${formatDisplayDate(holiday.date)}`}
                    onClick={() => void remove(holiday)}
                  >
                    Remove
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <AddHolidayForm
        onAdd={async (date, name) => {
          const added = await run(
            date,
            { action: 'add', body: { date, name } },
            'Could not add the date',
          );
          // The list shows the year of the date added.
          if (added) setYear(Number(date.slice(0, 4)));
          return added;
        }}
        busy={busyDate !== null}
      />
    </div>
  );
}

function AddHolidayForm({
  onAdd,
  busy,
}: {
  onAdd: (date: string, name: string) => Promise<boolean>;
  busy: boolean;
}) {
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ date?: string; name?: string }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: typeof errors = {};
    if (date === '') next.date = 'Choose a date';
    if (name.trim() === '') next.name = 'Give the day a name';
    else if (name.trim().length > 100) next.name = 'Holiday name must be at most 100 characters';
    setErrors(next);
    if (next.date || next.name) return;
    if (await onAdd(date, name.trim())) {
      setDate('');
      setName('');
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid gap-3 border-t pt-4 sm:grid-cols-[auto_1fr_auto] sm:items-start"
      aria-label="Add a holiday"
    >
      <Field id="holiday-date" label="Date" error={errors.date}>
        <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
      </Field>
      <Field id="holiday-name" label="Name" error={errors.name}>
        <Input
          value={name}
          placeholder="Company day"
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <Button type="submit" className="sm:mt-6" disabled={busy}>
        Add date
      </Button>
    </form>
  );
}
