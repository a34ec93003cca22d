import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { type BrandColor, brandColorStyles } from '@/lib/brand-colors';
import { cn } from '@/lib/utils';
import { brandColors } from '../../../../shared/schemas/enums.ts';

type BrandColorPickerProps = {
  /** Prefix for the radios' ids, unique on the page. */
  id: string;
  value: BrandColor;
  onChange: (color: BrandColor) => void;
  'aria-labelledby': string;
  className?: string;
};

const isBrandColor = (value: string): value is BrandColor =>
  (brandColors as readonly string[]).includes(value);

export function BrandColorPicker({
  id,
  value,
  onChange,
  className = 'grid-cols-2 sm:grid-cols-4',
  ...props
}: BrandColorPickerProps) {
  return (
    <RadioGroup
      value={value}
      onValueChange={(next) => {
        if (isBrandColor(next)) onChange(next);
      }}
      className={className}
      aria-labelledby={props['aria-labelledby']}
    >
      {brandColors.map((color) => {
        const style = brandColorStyles[color];
        const itemId = `${id}-${color}`;
        return (
          <label
            key={color}
            htmlFor={itemId}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm transition-colors hover:bg-accent',
              'has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
            )}
          >
            <RadioGroupItem
              id={itemId}
              value={color}
              className="focus-visible:ring-0 focus-visible:ring-offset-0"
            />
            <span aria-hidden="true" className={cn('size-4 shrink-0 rounded-full', style.swatch)} />
            <span>{style.label}</span>
          </label>
        );
      })}
    </RadioGroup>
  );
}
