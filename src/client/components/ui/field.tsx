import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { FieldError } from './field-error';
import { Label } from './label';

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
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const own = typeof children === 'function' ? undefined : children.props['aria-describedby'];
  const describedBy = [own, hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control: FieldControlProps = {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    'aria-required': required ? true : undefined,
  };

  const labelElement = (
    <Label
      id={`${id}-label`}
      htmlFor={id}
      required={required}
      className={cn(hideLabel && 'sr-only')}
    >
      {label}
    </Label>
  );
  const labelLine = labelAside ? (
    <div className="flex items-center justify-between gap-2">
      {labelElement}
      {labelAside}
    </div>
  ) : (
    labelElement
  );
  const hintElement = hint ? (
    <p id={hintId} className={cn('text-muted-foreground text-xs', hintClassName)}>
      {hint}
    </p>
  ) : null;
  const errorElement = (
    <FieldError id={`${id}-error`} role={announceError ? 'alert' : undefined}>
      {error}
    </FieldError>
  );
  const controlElement =
    typeof children === 'function' ? children(control) : cloneElement(children, control);

  if (layout === 'inline') {
    return (
      <div className={cn('flex items-start justify-between gap-4', className)}>
        <div className="space-y-1">
          {labelLine}
          {hintElement}
          {errorElement}
        </div>
        {controlElement}
      </div>
    );
  }
  return (
    <div className={cn('space-y-2', className)}>
      {labelLine}
      {controlElement}
      {hintElement}
      {errorElement}
    </div>
  );
}
