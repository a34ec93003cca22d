import type { Ref } from 'react';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import type { Meridiem, TimeFormat } from '../../../../shared/domain/index.ts';
import {
  periodOfTypedHour,
  readTime,
  readTimeRange,
  type TypedTime,
  timeFields,
} from './time-reading';

/** '5:30' or '5:30 pm' typed into the hour box fills the whole time (17:30 in 24-hour mode). */
function splitTypedTime(text: string, value: TypedTime, format: TimeFormat): TypedTime | null {
  const match = /^\s*(\d{1,2})\s*[:.]\s*(\d{2})\s*(?:([ap])\.?\s*m?\.?)?\s*$/i.exec(text);
  if (!match) return null;
  const [, hour = '', minute = '', meridiem] = match;
  if (!meridiem) return { hour, minute, period: periodOfTypedHour(hour, value.period) };
  const period: Meridiem = meridiem.toLowerCase() === 'a' ? 'AM' : 'PM';
  if (format === '12-hour') return { hour, minute, period };
  const reading = readTime({ hour, minute, period }, '12-hour');
  return reading.ok ? timeFields(reading.clock, format) : null;
}

function typedHour(text: string, value: TypedTime, format: TimeFormat): TypedTime {
  const whole = splitTypedTime(text, value, format);
  if (whole) return whole;
  const period = format === '12-hour' ? periodOfTypedHour(text, value.period) : value.period;
  return { ...value, hour: text, period };
}

type TimeInputProps = {
  id: string;
  label: string;
  format: TimeFormat;
  value: TypedTime;
  onChange: (value: TypedTime) => void;
  /** Runs when a part is left, after a readable time has been tidied up ('7' → '07'). */
  onBlur?: () => void;
  /** A whole shift pasted into a box ('9-17', '22:00-06:30'): both times, as 'HH:MM'. */
  onShiftPaste?: (shift: { start: string; end: string }) => void;
  error?: string | undefined;
  /** The hour box, where the focus goes when the time is wrong. */
  ref?: Ref<HTMLInputElement>;
};

const periods: Meridiem[] = ['AM', 'PM'];

/** What is typed stays as typed until readTime can read it. */
export function TimeInput({
  id,
  label,
  format,
  value,
  onChange,
  onBlur,
  onShiftPaste,
  error,
  ref,
}: TimeInputProps) {
  const errorId = `${id}-error`;
  const described = error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
  const fieldClass = 'w-14 text-center tabular-nums';
  const tidy = () => {
    const reading = readTime(value, format);
    if (reading.ok) onChange(reading.time);
    onBlur?.();
  };
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="min-w-0 space-y-2">
      <legend className="mb-2 font-medium text-sm leading-none">{label}</legend>
      <div
        className="flex items-center gap-1.5"
        onPaste={(event) => {
          const shift = onShiftPaste && readTimeRange(event.clipboardData.getData('text'));
          if (!shift) return;
          event.preventDefault();
          onShiftPaste(shift);
        }}
      >
        <Input
          ref={ref}
          id={`${id}-hour`}
          aria-label={`${label} hour`}
          {...described}
          inputMode="numeric"
          autoComplete="off"
          placeholder="hh"
          className={fieldClass}
          value={value.hour}
          onChange={(event) => onChange(typedHour(event.target.value, value, format))}
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
        {format === '12-hour' ? (
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
                    const reading = readTime(value, format);
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
        ) : null}
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}
