import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { makeEmployer, makeSettings, makeWorkLog } from '@/test/fixtures';
import { json, type MockApi, mockApi, type Routes } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import type { Settings } from '../../../../shared/schemas/settings.ts';
import { WorkLogDialog } from './work-log-dialog';

/** What the work-log dialog's tests share: employers, opening it, filling it in. */

export const acme = makeEmployer({ id: 1, name: 'Acme Studio', hourlyRate: '25.00' });
export const clinic = makeEmployer({
  id: 2,
  name: 'Greenleaf Clinic',
  hourlyRate: '32.00',
  departments: ['Reception', 'Lab'],
});

/** The dialog's data on the network: the settings, `employers`, and any `routes` (the writes). */
export function mockDialogApi({
  employers = [acme],
  settings = makeSettings(),
  routes = {},
}: {
  employers?: Employer[];
  settings?: Settings;
  routes?: Routes;
} = {}) {
  return mockApi({
    'GET /api/settings': settings,
    'GET /api/employers': employers,
    'GET /api/work-logs/recent': [],
    ...routes,
  });
}

export function openDialog(props: Partial<Parameters<typeof WorkLogDialog>[0]> = {}) {
  const onOpenChange = vi.fn();
  const view = renderWithProviders(<WorkLogDialog open onOpenChange={onOpenChange} {...props} />);
  return { ...view, onOpenChange };
}

export async function chooseEmployer(name: string) {
  await userEvent.click(await screen.findByRole('combobox', { name: 'Employer' }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

/** Types a time into the boxes; the AM/PM choice is for a user who reads 12-hour time. */
export async function setTime(
  which: 'Start time' | 'End time',
  hour: string,
  minute: string,
  period?: 'AM' | 'PM',
) {
  const group = screen.getByRole('group', { name: which });
  const hourField = within(group).getByLabelText(`${which} hour`);
  await userEvent.clear(hourField);
  await userEvent.type(hourField, hour);
  const minuteField = within(group).getByLabelText(`${which} minutes`);
  await userEvent.clear(minuteField);
  await userEvent.type(minuteField, minute);
  if (period) await userEvent.click(within(group).getByRole('radio', { name: period }));
}

export const preview = () => screen.getByTestId('shift-preview');

/** Acme Studio to choose, and POST /api/work-logs answered with a created log. */
export const acceptNewLogs = () =>
  mockDialogApi({ routes: { 'POST /api/work-logs': () => json(makeWorkLog(), 201) } });

/** The bodies of the work logs sent to be saved. */
export const postedBodies = (api: MockApi) =>
  api.calls('POST /api/work-logs').map((call) => call.body);

/** Whether any work log was sent to be saved. */
export const posted = (api: MockApi) => postedBodies(api).length > 0;
