import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { updateGeneralSettingsBodySchema } from '../../../../shared/schemas/settings.ts';
import { onGeneralSaveFailed, pendingGeneralValue } from '../api/update-general-settings';
import type { SaveGeneral } from './use-general-save';

export const NAME_SAVE_DELAY_MS = 700;

export type NameField = 'firstName' | 'lastName';

const schemas = {
  firstName: updateGeneralSettingsBodySchema.shape.firstName.unwrap(),
  lastName: updateGeneralSettingsBodySchema.shape.lastName.unwrap(),
};

/** Saves after a pause, on blur, and when the page is left; the same name is not sent twice. */
export function useNameAutosave(field: NameField, saved: string, save: SaveGeneral) {
  const queryClient = useQueryClient();
  // Shown again while its save is under way: start from what was sent, not the older cache.
  const [start] = useState(() => pendingGeneralValue(queryClient, field) ?? saved);
  const [text, setText] = useState(start);
  const [error, setError] = useState<string | undefined>();
  const latest = useRef(start);
  /** null after a failure: unknown, so sent again. */
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
      // `save` shows the failure; the effect below notes it.
      save({ [field]: value }, { leaving }).catch(() => {});
    },
    [field, save, validate],
  );

  // Also a save sent before this field was shown again.
  useEffect(
    () =>
      onGeneralSaveFailed(queryClient, (body) => {
        if (body[field] !== undefined && body[field] === sent.current) sent.current = null;
      }),
    [queryClient, field],
  );

  // A reload or closing the page neither unmounts nor blurs: `pagehide` (and going hidden, the
  // last event some mobile browsers give) sends the pending name, with keepalive.
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
