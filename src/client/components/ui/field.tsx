import { Label as LabelPrimitive } from 'radix-ui';
import { type ComponentProps, cloneElement, type ReactElement, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

// Label, FieldError and Field are one module (label.tsx and field-error.tsx re-export them),
// so the pages that use them fetch one small chunk rather than two.

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

/** The message under a field; the field points at it with aria-describedby. */
export function FieldError({ className, children, ...props }: ComponentProps<'p'>) {
  if (!children) return null;
  return (
    <p className={cn('font-medium text-destructive text-sm', className)} {...props}>
      {children}
    </p>
  );
}

/**
 * aria-invalid and aria-describedby for a field whose error message has id `${id}-error`;
 * `hintId` names a hint that describes the field too.
 */
export function fieldErrorProps(id: string, message: string | undefined, hintId?: string) {
  const describedBy = [hintId, message ? `${id}-error` : undefined].filter(Boolean).join(' ');
  return {
    'aria-invalid': message ? (true as const) : undefined,
    'aria-describedby': describedBy || undefined,
  };
}

/** What a field's control needs to be named, described and marked by its label, hint and error. */
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
  /** Names the control for screen readers only. */
  hideLabel?: boolean;
  /** Beside the label, on its line (a "Forgot your password" link). */
  labelAside?: ReactNode;
  hint?: ReactNode;
  hintClassName?: string;
  /** Shown under the control, which is then invalid and described by it. */
  error?: string;
  /** Says the error at once (role="alert"): a message that follows a keystroke, not a submit. */
  announceError?: boolean;
  /** The asterisk after the label and aria-required on the control. */
  required?: boolean;
  /** 'inline': label and hint on the left, the control on their right (a switch). */
  layout?: 'stacked' | 'inline';
  className?: string;
  /**
   * The control: an element gets the props itself (its own aria-describedby is kept); a
   * function places them on a control nested deeper (a Select's trigger).
   */
  children: ReactElement<Partial<FieldControlProps>> | ((control: FieldControlProps) => ReactNode);
};

/** A label, a control, its hint and its error message, wired up for assistive technology. */
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
