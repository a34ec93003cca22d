import { useCallback } from 'react';
import { toast } from '@/components/ui/use-toast';
import { isSessionEnded } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import type { UpdateGeneralSettingsBody } from '../../../../shared/schemas/settings.ts';
import { useUpdateGeneralSettings } from '../api/update-general-settings';
import { useSaveStatus } from './use-save-status';

/**
 * The General tab's one way to save: a change at a time through PATCH /api/settings/general,
 * the indicator's status, and SPEC.md §8's toast when it fails. The returned promise rejects
 * on failure so the field can keep (or put back) what it shows.
 */
export function useGeneralSave() {
  const { mutateAsync } = useUpdateGeneralSettings();
  const { status, track } = useSaveStatus();

  const save = useCallback(
    async (body: UpdateGeneralSettingsBody): Promise<void> => {
      try {
        await track(Object.keys(body).sort().join(','), mutateAsync(body));
      } catch (error) {
        if (!isSessionEnded(error)) {
          toast({
            title: 'Error',
            description: `Failed to update general settings: ${errorMessage(error, 'Please try again.')}`,
            variant: 'destructive',
          });
        }
        throw error;
      }
    },
    [mutateAsync, track],
  );

  return { status, save };
}
