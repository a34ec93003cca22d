import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import type { Meridiem, TwelveHourTime } from '../../../../shared/domain/index.ts';
import { readTime } from './time-reading';

/** '5:30', '17:30' or '5:30 pm' typed (or pasted) into the hour box fills the whole time. */
function splitTypedTime(text: string, value: TwelveHourTime): TwelveHourTime | null {
  const match = /^\s*(\d{1,2})\s*[:.]\s*(\d{2})\s*(?:([ap])\.?\s*m?\.?)?\s*$/i.exec(text);
  if (!match) return null;
  const [, hour = '', minute = '', meridiem] = match;
  const period = meridiem ? (meridiem.toLowerCase() === 'a' ? 'AM' : 'PM') : value.period;
  return { hour, minute, period };
}

type TimeInputProps = {
  id: string;
  label: string;
  value: TwelveHourTime;
  onChange: (value: TwelveHourTime) => void;
  /** Runs when a part is left, after a readable time has been tidied up ('7' → '07'). */
  onBlur?: () => void;
  error?: string | undefined;
};

const periods: Meridiem[] = ['AM', 'PM'];

/**
 * hh : mm and AM/PM, the time entry of SPEC.md §5, read as DESIGN.md §7.9 says (see readTime):
 * what is typed stays as typed until it can be read, and a time that cannot be read gets a
 * message instead of being changed into another time.
 */
export function TimeInput({ id, label, value, onChange, onBlur, error }: TimeInputProps) {
  const errorId = `${id}-error`;
  const described = error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
  const fieldClass = 'w-14 text-center tabular-nums';
  const tidy = () => {
    const reading = readTime(value);
    if (reading.ok) onChange(reading.time);
    onBlur?.();
  };
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="min-w-0 space-y-2">
      <legend className="mb-2 font-medium text-sm leading-none">{label}</legend>
      <div className="flex items-center gap-1.5">
        <Input
          id={`${id}-hour`}
          aria-label={`${label} hour`}
          {...described}
          inputMode="numeric"
          autoComplete="off"
          placeholder="hh"
          className={fieldClass}
          value={value.hour}
          onChange={(event) => {
            const text = event.target.value;
            onChange(splitTypedTime(text, value) ?? { ...value, hour: text });
          }}
          onBlur={tidy}
        />
        <span aria-hidden="true" className="font-medium text-muted-foreground">
          :
        </span>
        <Input
          id={`${id}-minute`}
          aria-label={`${label} minutes`}
          {...described}
          inputMode="numeric"
          autoComplete="off"
          placeholder="mm"
          className={fieldClass}
          value={value.minute}
          onChange={(event) => onChange({ ...value, minute: event.target.value })}
          onBlur={tidy}
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
                onChange={() => {
                  // '17' is first read as 05 PM; choosing AM then means 05 AM.
                  const reading = readTime(value);
                  onChange({ ...(reading.ok ? reading.time : value), period });
                }}
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
