import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeSettings } from '@/test/fixtures';
import {
  acme,
  chooseEmployer,
  mockDialogApi,
  openDialog,
  preview,
} from './work-log-dialog.test-helpers';

vi.setConfig({ testTimeout: 15_000 });

await import('./work-log-form-body');

const box = (which: 'Start time' | 'End time', part: 'hour' | 'minutes') =>
  within(screen.getByRole('group', { name: which })).getByLabelText(`${which} ${part}`);

describe('a whole shift pasted into a time box', () => {
  it("'9-17' pasted into the start hour fills the start and the end", async () => {
    mockDialogApi({ employers: [acme], settings: makeSettings({ timeFormat: '24-hour' }) });
    openDialog();
    await chooseEmployer('Acme Studio');
    await userEvent.click(box('Start time', 'hour'));
    await userEvent.paste('9-17');
    expect(box('Start time', 'hour')).toHaveValue('09');
    expect(box('Start time', 'minutes')).toHaveValue('00');
    expect(box('End time', 'hour')).toHaveValue('17');
    expect(preview()).toHaveTextContent('8.0 h');
  });

  it("an overnight '22:00–06:30' in 12-hour time ends the next day", async () => {
    mockDialogApi({ employers: [acme] });
    openDialog();
    await chooseEmployer('Acme Studio');
    await userEvent.click(box('Start time', 'minutes'));
    await userEvent.paste('22:00–06:30');
    expect(box('Start time', 'hour')).toHaveValue('10');
    expect(
      within(screen.getByRole('group', { name: 'Start time' })).getByRole('radio', { name: 'PM' }),
    ).toBeChecked();
    expect(box('End time', 'hour')).toHaveValue('06');
    expect(box('End time', 'minutes')).toHaveValue('30');
    expect(preview()).toHaveTextContent('10:00 PM – 6:30 AM (ends next day)');
  });

  it('a single time pasted stays an ordinary paste into that box', async () => {
    mockDialogApi({ employers: [acme] });
    openDialog();
    await userEvent.clear(await screen.findByLabelText('Start time hour'));
    await userEvent.paste('7');
    expect(box('Start time', 'hour')).toHaveValue('7');
    expect(box('End time', 'hour')).toHaveValue('05');
  });
});
