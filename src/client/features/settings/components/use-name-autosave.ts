import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type UpdateGeneralSettingsBody,
  updateGeneralSettingsBodySchema,
} from '../../../../shared/schemas/settings.ts';

/** How long after the last keystroke a name is saved (it is saved at once on blur). */
export const NAME_SAVE_DELAY_MS = 700;

export type NameField = 'firstName' | 'lastName';

const schemas = {
  firstName: updateGeneralSettingsBodySchema.shape.firstName.unwrap(),
  lastName: updateGeneralSettingsBodySchema.shape.lastName.unwrap(),
};

/**
 * A name field that saves itself: ~0.7 s after typing stops, and on blur. An invalid name
 * shows the schema's message ('First name is required') and is not sent; the same name is
 * not sent twice. A failed save leaves the text as typed, and the next pause tries again.
 */
export function useNameAutosave(
  field: NameField,
  initial: string,
  save: (body: UpdateGeneralSettingsBody) => Promise<void>,
) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const latest = useRef(initial);
  /** The name the server has or is being sent; null after a failure (unknown, send again). */
  const sent = useRef<string | null>(initial.trim());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const validate = useCallback(
    (value: string) => {
      const parsed = schemas[field].safeParse(value);
      setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
      return parsed.success ? parsed.data : null;
    },
    [field],
  );

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const value = validate(latest.current);
    if (value === null || value === sent.current) return;
    sent.current = value;
    save({ [field]: value }).catch(() => {
      if (sent.current === value) sent.current = null;
    });
  }, [field, save, validate]);

  // A name typed just before leaving the tab is still saved.
  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(
    () => () => {
      if (timer.current !== undefined) flushRef.current();
    },
    [],
  );

  const onChange = (value: string) => {
    setText(value);
    latest.current = value;
    // A message already shown follows the text at once; a new one waits for the pause.
    if (error) validate(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, NAME_SAVE_DELAY_MS);
  };

  return { text, error, onChange, onBlur: flush };
}
