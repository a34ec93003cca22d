import { useCallback } from 'react';
import type { ToastInput } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/error-message';
import { useAutosave } from '@/lib/use-autosave';
import type { UpdateGeneralSettingsBody } from '../../../../shared/schemas/settings.ts';
import {
  useUpdateGeneralSettings,
  useUpdateGeneralSettingsOnLeave,
} from '../api/update-general-settings';

export type GeneralSaveOptions = {
  /** The page is being closed, reloaded or hidden: send now, with keepalive, not queued. */
  leaving?: boolean;
};

/** Saves a change of the General tab; the returned promise rejects when it failed. */
export type SaveGeneral = (
  body: UpdateGeneralSettingsBody,
  options?: GeneralSaveOptions,
) => Promise<void>;

const failureToast = (error: unknown): ToastInput => ({
  title: 'Error',
  description: `Failed to update general settings: ${errorMessage(error, 'Please try again.')}`,
  variant: 'destructive',
});

/**
 * The General tab's one way to save: a change at a time through PATCH /api/settings/general,
 * the indicator's status, and the toast of docs/product/screens.md#messages when it fails.
 */
export function useGeneralSave() {
  const { mutateAsync: queued } = useUpdateGeneralSettings();
  const { mutateAsync: now } = useUpdateGeneralSettingsOnLeave();
  const send = useCallback(
    (body: UpdateGeneralSettingsBody, options?: GeneralSaveOptions) =>
      options?.leaving ? now(body) : queued(body),
    [now, queued],
  );
  const { status, save } = useAutosave(send, failureToast);
  return { status, save: save satisfies SaveGeneral };
}
