import { type Control, useController } from 'react-hook-form';
import type { WorkLogFormValues } from './work-log-form';

type ManualPremiumsFieldProps = {
  control: Control<WorkLogFormValues, unknown, unknown>;
  premiums: { id: string; name: string }[];
};

/** The employer's premiums that apply only when switched on, one checkbox each. */
export function ManualPremiumsField({ control, premiums }: ManualPremiumsFieldProps) {
  const { field } = useController({ control, name: 'manualPremiumIds' });
  if (premiums.length === 0) return null;
  const chosen = new Set(field.value);
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    field.onChange(premiums.map((p) => p.id).filter((p) => next.has(p)));
  };
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-medium text-sm">Premiums on this shift</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {premiums.map((premium) => (
          <label
            key={premium.id}
            className="flex min-h-11 cursor-pointer items-center gap-2 text-sm sm:min-h-0"
          >
            <input
              type="checkbox"
              name={field.name}
              value={premium.id}
              checked={chosen.has(premium.id)}
              onChange={(event) => toggle(premium.id, event.target.checked)}
              onBlur={field.onBlur}
              className="size-4 shrink-0 cursor-pointer accent-primary"
            />
            {premium.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
