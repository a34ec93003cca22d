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
  /** Send now, with keepalive, not queued. */
  leaving?: boolean;
};

export type SaveGeneral = (
  body: UpdateGeneralSettingsBody,
  options?: GeneralSaveOptions,
) => Promise<void>;

const failureToast = (error: unknown): ToastInput => ({
  title: 'Error',
  description: `Failed to update general settings: ${errorMessage(error, 'Please try again.')}`,
  variant: 'destructive',
});

/** Failure toast: docs/product/screens.md#messages. */
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
