import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { cn } from '@/lib/utils';

export type RadioChoice<V extends string> = { value: V; label: string; description?: string };

type RadioChoicesProps<V extends string> = {
  id: string;
  label: string;
  value: V;
  options: readonly RadioChoice<V>[];
  onValueChange: (value: V) => void;
  hint?: string;
  className?: string;
};

/** A labelled group of radio cards: arrows move the choice, each choice saves at once. */
export function RadioChoices<V extends string>({
  id,
  label,
  value,
  options,
  onValueChange,
  hint,
  className,
}: RadioChoicesProps<V>) {
  const labelId = `${id}-label`;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="min-w-0 space-y-2">
      <p id={labelId} className="font-medium text-sm leading-none">
        {label}
      </p>
      {hint ? (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
      <RadioGroup
        value={value}
        onValueChange={(next) => {
          const option = options.find((o) => o.value === next);
          if (option) onValueChange(option.value);
        }}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        className={cn('max-w-xl grid-cols-1 sm:grid-cols-2', className)}
      >
        {options.map((option) => {
          const itemId = `${id}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={itemId}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 text-sm transition-colors hover:bg-accent',
                'has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              )}
            >
              <RadioGroupItem
                id={itemId}
                value={option.value}
                aria-labelledby={`${itemId}-label`}
                aria-describedby={option.description ? `${itemId}-description` : undefined}
                className="mt-0.5 focus-visible:ring-0 focus-visible:ring-offset-0"
              />
              <span className="min-w-0">
                <span id={`${itemId}-label`} className="block font-medium">
                  {option.label}
                </span>
                {option.description ? (
                  <span id={`${itemId}-description`} className="block text-muted-foreground">
                    {option.description}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </RadioGroup>
    </div>
  );
}
