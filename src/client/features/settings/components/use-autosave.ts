import { useCallback } from 'react';
import { type ToastInput, toast } from '@/components/ui/use-toast';
import { isSessionEnded } from '@/lib/api-client';
import { useSaveStatus } from './use-save-status';

/**
 * A tab's one way to save a change: the quiet indicator follows it, and a failure shows
 * `failureToast(error)` (docs/product/screens.md#messages) unless the session ended (the sign-out says so). The
 * returned promise rejects on failure so the field can keep (or put back) what it shows.
 * `send` and `failureToast` should be stable, so `save` is too.
 */
export function useAutosave<Body extends object, Options>(
  send: (body: Body, options?: Options) => Promise<unknown>,
  failureToast: (error: unknown) => ToastInput,
) {
  const { status, track } = useSaveStatus();
  const save = useCallback(
    async (body: Body, options?: Options): Promise<void> => {
      try {
        // One key per field: a field's later success clears only its own earlier failure.
        await track(Object.keys(body).sort().join(','), send(body, options));
      } catch (error) {
        if (!isSessionEnded(error)) toast(failureToast(error));
        throw error;
      }
    },
    [send, failureToast, track],
  );
  return { status, save };
}
