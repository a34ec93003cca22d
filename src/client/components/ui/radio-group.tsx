import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

const arrowKeys = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'];

export function RadioGroup({
  className,
  onKeyDown,
  ...props
}: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return (
    <RadioGroupPrimitive.Root
      className={cn('grid gap-2', className)}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!arrowKeys.includes(event.key)) return;
        const group = event.currentTarget;
        // Radix checks the newly focused radio only if the key is still down, so a quick press
        // moved focus without choosing (radix-ui/primitives#4094).
        setTimeout(() => {
          const focused = document.activeElement;
          if (
            focused instanceof HTMLElement &&
            group.contains(focused) &&
            focused.getAttribute('role') === 'radio' &&
            focused.getAttribute('aria-checked') !== 'true'
          )
            focused.click();
        });
      }}
      {...props}
    />
  );
}

export function RadioGroupItem({
  className,
  ...props
}: ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      className={cn(
        'peer inline-flex size-4 shrink-0 items-center justify-center rounded-full border border-primary text-primary shadow-sm',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        'disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    >
      <RadioGroupPrimitive.Indicator className="size-2 rounded-full bg-current" />
    </RadioGroupPrimitive.Item>
  );
}
