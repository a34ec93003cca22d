import { Label as LabelPrimitive } from 'radix-ui';
import { type ComponentProps, cloneElement, type ReactElement, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

// One module (label.tsx and field-error.tsx re-export it) so pages fetch one small chunk.

type LabelProps = ComponentProps<typeof LabelPrimitive.Root> & {
  /** Adds a red asterisk; the field itself says aria-required. */
  required?: boolean;
};

export function Label({ className, required = false, children, ...props }: LabelProps) {
  return (
    <LabelPrimitive.Root
      className={cn(
        'font-medium text-sm leading-none peer-disabled:cursor-not-allowed peer-disabled:opacity-70',
        className,
      )}
      {...props}
    >
      {children}
      {required ? (
        <span aria-hidden="true" className="text-destructive">
          {' '}
          *
        </span>
      ) : null}
    </LabelPrimitive.Root>
  );
}

export function FieldError({ className, children, ...props }: ComponentProps<'p'>) {
  if (!children) return null;
  return (
    <p className={cn('font-medium text-destructive text-sm', className)} {...props}>
      {children}
    </p>
  );
}

/** The error message's id must be `${id}-error`. */
export function fieldErrorProps(id: string, message: string | undefined, hintId?: string) {
  const describedBy = [hintId, message ? `${id}-error` : undefined].filter(Boolean).join(' ');
  return {
    'aria-invalid': message ? (true as const) : undefined,
    'aria-describedby': describedBy || undefined,
  };
}

export type FieldControlProps = {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
};

type FieldProps = {
  /** The control's id; the hint is `${id}-hint`, the error `${id}-error`, the label `${id}-label`. */
  id: string;
  label: ReactNode;
  hideLabel?: boolean;
  labelAside?: ReactNode;
  hint?: ReactNode;
  hintClassName?: string;
  error?: string;
  /** Says the error at once (role="alert"): a message that follows a keystroke, not a submit. */
  announceError?: boolean;
  required?: boolean;
  layout?: 'stacked' | 'inline';
  className?: string;
  /** A function places the props on a control nested deeper (a Select's trigger). */
  children: ReactElement<Partial<FieldControlProps>> | ((control: FieldControlProps) => ReactNode);
};

export function Field({
  id,
  label,
  hideLabel = false,
  labelAside,
  hint,
  hintClassName,
  error,
  announceError = false,
  required = false,
  layout = 'stacked',
  className,
  children,
}: FieldProps) {
  const fn = typeof children === 'function';
  const hintId = hint ? `${id}-hint` : undefined;
  const own = fn ? undefined : children.props['aria-describedby'];
  const control: FieldControlProps = {
    id,
    ...fieldErrorProps(id, error, [own, hintId].filter(Boolean).join(' ')),
    'aria-required': required || undefined,
  };
  const label_ = (
    <Label
      id={`${id}-label`}
      htmlFor={id}
      required={required}
      className={hideLabel ? 'sr-only' : undefined}
    >
      {label}
    </Label>
  );
  const labelLine = labelAside ? (
    <div className="flex items-center justify-between gap-2">
      {label_}
      {labelAside}
    </div>
  ) : (
    label_
  );
  const about = (
    <>
      {hint ? (
        <p id={hintId} className={cn('text-muted-foreground text-xs', hintClassName)}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} role={announceError ? 'alert' : undefined}>
        {error}
      </FieldError>
    </>
  );
  const controlElement = fn ? children(control) : cloneElement(children, control);
  const inline = layout === 'inline';
  return (
    <div className={cn(inline ? 'flex items-start justify-between gap-4' : 'space-y-2', className)}>
      {inline ? (
        <div className="space-y-1">
          {labelLine}
          {about}
        </div>
      ) : (
        labelLine
      )}
      {controlElement}
      {inline ? null : about}
    </div>
  );
}
