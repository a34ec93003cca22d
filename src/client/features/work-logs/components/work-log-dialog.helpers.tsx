import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { WorkLogDialog } from './work-log-dialog';
import { makeEmployer, makeWorkLog, stubApi } from './work-logs.fixtures';

/** What the work-log dialog's tests share: employers, opening it, filling it in. */

export const acme = makeEmployer({ id: 1, name: 'Acme Studio', hourlyRate: '25.00' });
export const clinic = makeEmployer({
  id: 2,
  name: 'Greenleaf Clinic',
  hourlyRate: '32.00',
  departments: ['Reception', 'Lab'],
});

export function openDialog(props: Partial<Parameters<typeof WorkLogDialog>[0]> = {}) {
  const onOpenChange = vi.fn();
  const view = renderWithProviders(<WorkLogDialog open onOpenChange={onOpenChange} {...props} />);
  return { ...view, onOpenChange };
}

export async function chooseEmployer(name: string) {
  await userEvent.click(await screen.findByRole('combobox', { name: 'Employer' }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

export async function setTime(
  which: 'Start time' | 'End time',
  hour: string,
  minute: string,
  period: 'AM' | 'PM',
) {
  const group = screen.getByRole('group', { name: which });
  const hourField = within(group).getByLabelText(`${which} hour`);
  await userEvent.clear(hourField);
  await userEvent.type(hourField, hour);
  const minuteField = within(group).getByLabelText(`${which} minutes`);
  await userEvent.clear(minuteField);
  await userEvent.type(minuteField, minute);
  await userEvent.click(within(group).getByRole('radio', { name: period }));
}

export const preview = () => screen.getByTestId('shift-preview');

/** Answers POST /api/work-logs with a created log; returns the bodies sent. */
export function acceptNewLogs() {
  const bodies: unknown[] = [];
  stubApi({
    employers: [acme],
    route: (url, init) => {
      if (url.pathname === '/api/work-logs' && init?.method === 'POST') {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse(makeWorkLog(), 201);
      }
    },
  });
  return bodies;
}

/** Whether any work log was sent to be saved. */
export const posted = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.some(([, init]) => init?.method === 'POST');
