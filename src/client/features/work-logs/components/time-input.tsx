import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import type { Meridiem, TwelveHourTime } from '../../../../shared/domain/index.ts';

const digits = (text: string, max: number) => text.replace(/\D/g, '').slice(0, max);
const pad2 = (n: number) => String(n).padStart(2, '0');

/** SPEC.md §5: the hour is clamped to 1–12 and 0 becomes 12. An empty hour stays empty. */
export function clampHour(text: string): string {
  const value = digits(text, 2);
  if (value === '') return '';
  const hour = Number(value);
  return pad2(hour === 0 ? 12 : Math.min(hour, 12));
}

/** SPEC.md §5: minutes are clamped to at most 59; an empty minute field means :00. */
export function clampMinute(text: string): string {
  const value = digits(text, 2);
  return value === '' ? '00' : pad2(Math.min(Number(value), 59));
}

type TimeInputProps = {
  id: string;
  label: string;
  value: TwelveHourTime;
  onChange: (value: TwelveHourTime) => void;
  error?: string;
};

const periods: Meridiem[] = ['AM', 'PM'];

/** hh : mm and AM/PM, the time entry of SPEC.md §5. Digits only; clamped when a field is left. */
export function TimeInput({ id, label, value, onChange, error }: TimeInputProps) {
  const errorId = `${id}-error`;
  const fieldClass = 'w-14 text-center tabular-nums';
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="min-w-0 space-y-2">
      <legend className="mb-2 font-medium text-sm leading-none">{label}</legend>
      <div className="flex items-center gap-1.5">
        <Input
          id={`${id}-hour`}
          aria-label={`${label} hour`}
          aria-invalid={error ? true : undefined}
          inputMode="numeric"
          autoComplete="off"
          placeholder="hh"
          maxLength={2}
          className={fieldClass}
          value={value.hour}
          onChange={(event) => onChange({ ...value, hour: digits(event.target.value, 2) })}
          onBlur={(event) => onChange({ ...value, hour: clampHour(event.target.value) })}
        />
        <span aria-hidden="true" className="font-medium text-muted-foreground">
          :
        </span>
        <Input
          id={`${id}-minute`}
          aria-label={`${label} minutes`}
          aria-invalid={error ? true : undefined}
          inputMode="numeric"
          autoComplete="off"
          placeholder="mm"
          maxLength={2}
          className={fieldClass}
          value={value.minute}
          onChange={(event) => onChange({ ...value, minute: digits(event.target.value, 2) })}
          onBlur={(event) => onChange({ ...value, minute: clampMinute(event.target.value) })}
        />
        <div
          role="radiogroup"
          aria-label={`${label} AM or PM`}
          className="ml-1 inline-flex h-10 shrink-0 rounded-lg border border-input bg-background p-0.5 shadow-sm"
        >
          {periods.map((period) => (
            <label key={period} className="relative flex">
              <input
                type="radio"
                name={`${id}-period`}
                value={period}
                checked={value.period === period}
                onChange={() => onChange({ ...value, period })}
                className="peer absolute inset-0 cursor-pointer opacity-0"
              />
              <span
                className={cn(
                  'flex items-center rounded-md px-2.5 font-medium text-muted-foreground text-xs transition-colors',
                  'peer-checked:bg-primary peer-checked:text-primary-foreground',
                  'peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-1',
                )}
              >
                {period}
              </span>
            </label>
          ))}
        </div>
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}
