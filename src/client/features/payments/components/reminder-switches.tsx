import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Field } from '@/components/ui/field';
import { toastSaveFailure } from '@/components/ui/save-button';
import { Switch } from '@/components/ui/switch';
import { settingsQueryKey, useSettings } from '@/features/settings';
import { sendJson } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import type { Settings } from '../../../../shared/schemas/settings.ts';

type Reminder = 'remindTimesheetDue' | 'remindPaydayMissed';

const reminders: { key: Reminder; label: string; hint: string }[] = [
  {
    key: 'remindTimesheetDue',
    label: 'Remind me when a timesheet is due tomorrow',
    hint: 'An e-mail on the last day of a pay period whose timesheet is not made yet.',
  },
  {
    key: 'remindPaydayMissed',
    label: 'Remind me when a payday passes unpaid',
    hint: 'An e-mail the day after a payday with no payment recorded for its period.',
  },
];

/** Opt-in e-mail reminders, saved as they are switched (PATCH /api/settings/export). */
export function ReminderSwitches() {
  const settings = useSettings();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (change: Partial<Record<Reminder, boolean>>) =>
      sendJson<Settings>('PATCH', '/api/settings/export', change),
    onSuccess: (saved) => queryClient.setQueryData(settingsQueryKey, saved),
    onError: (error) => toastSaveFailure(error, errorMessage(error, 'Could not save the reminder')),
  });
  const data = settings.data;
  if (!data) return null;
  // While a switch saves, it shows where it was switched to.
  const checkedOf = (key: Reminder) =>
    (save.isPending ? save.variables?.[key] : undefined) ?? data[key];
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-medium text-sm">E-mail reminders</legend>
      {reminders.map(({ key, label, hint }) => (
        <Field key={key} id={`pay-${key}`} label={label} hint={hint} layout="inline">
          <Switch
            checked={checkedOf(key)}
            disabled={save.isPending}
            onCheckedChange={(checked) => save.mutate({ [key]: checked })}
          />
        </Field>
      ))}
    </fieldset>
  );
}
