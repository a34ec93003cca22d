import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { updateGeneralSettingsBodySchema } from '../../../../shared/schemas/settings.ts';
import { onGeneralSaveFailed, pendingGeneralValue } from '../api/update-general-settings';
import type { SaveGeneral } from './use-general-save';

/** How long after the last keystroke a name is saved (it is saved at once on blur). */
export const NAME_SAVE_DELAY_MS = 700;

export type NameField = 'firstName' | 'lastName';

const schemas = {
  firstName: updateGeneralSettingsBodySchema.shape.firstName.unwrap(),
  lastName: updateGeneralSettingsBodySchema.shape.lastName.unwrap(),
};

/**
 * A name field that saves itself: ~0.7 s after typing stops, on blur, and when the user
 * leaves before the pause is over (another tab, a reload, closing the page). An invalid name
 * shows the schema's message ('First name is required') and is not sent; the same name is
 * not sent twice. A failed save leaves the text as typed, and the next pause tries again.
 */
export function useNameAutosave(field: NameField, saved: string, save: SaveGeneral) {
  const queryClient = useQueryClient();
  // Shown again while its last save is still under way (the user went to another tab and
  // came straight back): start from what was sent, not from the cache that predates it.
  const [start] = useState(() => pendingGeneralValue(queryClient, field) ?? saved);
  const [text, setText] = useState(start);
  const [error, setError] = useState<string | undefined>();
  const latest = useRef(start);
  /** The name the server has or is being sent; null after a failure (unknown, send again). */
  const sent = useRef<string | null>(start.trim());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const validate = useCallback(
    (value: string) => {
      const parsed = schemas[field].safeParse(value);
      setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
      return parsed.success ? parsed.data : null;
    },
    [field],
  );

  const flush = useCallback(
    (leaving = false) => {
      clearTimeout(timer.current);
      timer.current = undefined;
      const value = validate(latest.current);
      if (value === null || value === sent.current) return;
      sent.current = value;
      // The failure is shown by `save` and noted below.
      save({ [field]: value }, { leaving }).catch(() => {});
    },
    [field, save, validate],
  );

  // Any failed save of this field, also one sent before this field was shown again.
  useEffect(
    () =>
      onGeneralSaveFailed(queryClient, (body) => {
        if (body[field] !== undefined && body[field] === sent.current) sent.current = null;
      }),
    [queryClient, field],
  );

  // A name typed just before leaving is still saved: another tab unmounts the field; a
  // reload or closing the page does neither that nor a blur, so `pagehide` (and the page
  // going hidden, the last event some mobile browsers give) sends it, with keepalive.
  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(() => {
    const leave = () => {
      if (timer.current !== undefined) flushRef.current(true);
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      if (timer.current !== undefined) flushRef.current();
    };
  }, []);

  const onChange = (value: string) => {
    setText(value);
    latest.current = value;
    // A message already shown follows the text at once; a new one waits for the pause.
    if (error) validate(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => flush(), NAME_SAVE_DELAY_MS);
  };

  return { text, error, onChange, onBlur: () => flush() };
}
