import { type FormEvent, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { type Checked, type FieldErrors, loadAuthSchemas } from '../auth-form-rules';

/**
 * Sign-in and sign-up without a form library, behaving like react-hook-form elsewhere. The
 * inputs are uncontrolled (read by name), so what is typed before hydration stays.
 */
export function useAuthForm<F extends string, T>(
  fields: readonly F[],
  check: (raw: Record<F, string>) => Promise<Checked<F, T>>,
) {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const sent = useRef(false);

  const read = (form: HTMLFormElement) =>
    Object.fromEntries(
      fields.map((name) => {
        const input = form.elements.namedItem(name);
        return [name, input instanceof HTMLInputElement ? input.value : ''];
      }),
    ) as Record<F, string>;

  const focus = (form: HTMLFormElement | null, name: F | undefined) => {
    const input = name ? form?.elements.namedItem(name) : null;
    if (input instanceof HTMLInputElement) input.focus();
  };

  // Should the schemas not load (offline), the values go as typed and the server's messages show.
  const handleSubmit =
    (onValid: (values: T | Record<F, string>) => void) =>
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      sent.current = true;
      const form = event.currentTarget;
      const raw = read(form);
      const checked = await check(raw).catch(() => null);
      if (!checked) {
        onValid(raw);
        return;
      }
      if (checked.ok) {
        setErrors({});
        onValid(checked.values);
        return;
      }
      setErrors(checked.errors);
      focus(
        form,
        fields.find((name) => checked.errors[name]),
      );
    };

  const onChange = async (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name as F;
    if (!sent.current || !fields.includes(name)) return;
    const checked = await check(read(event.currentTarget)).catch(() => null);
    if (!checked) return;
    const message = checked.ok ? undefined : checked.errors[name];
    setErrors((shown) => (shown[name] === message ? shown : { ...shown, [name]: message }));
  };

  const showServerErrors = (error: unknown, form: HTMLFormElement | null): boolean => {
    if (!(error instanceof ApiError) || !error.errors) return false;
    const found = Object.entries(error.errors).filter(([name]) => fields.includes(name as F));
    if (found.length === 0) return false;
    setErrors((shown) => ({ ...shown, ...Object.fromEntries(found) }));
    focus(form, found[0]?.[0] as F);
    return true;
  };

  // Reaching the form starts loading the schemas, so sending it seldom waits for them.
  const preload = () => void loadAuthSchemas().catch(() => {});

  return { errors, handleSubmit, onChange, showServerErrors, preload };
}
