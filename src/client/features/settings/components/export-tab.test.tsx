import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeGmailStatus } from '@/test/fixtures';
import { apiError, json } from '@/test/mock-api';
import { findToast } from '@/test/render';
import type { Settings } from '../../../../shared/schemas/settings.ts';
import { settingsQueryKey } from '../api/get-settings';
import { renderSettingsPage } from './settings-page.test-helpers';

const SAVE_FAILED = 'Unable to save export settings. Please check your connection and try again.';

/** The hours cell of the first sample shift (7 h 37 min). */
const firstShiftHours = () => {
  const table = screen.getByRole('table', { name: 'Sample work logs' });
  const row = within(table).getAllByRole('row')[1];
  return row ? within(row).getAllByRole('cell')[5]?.textContent : undefined;
};
/** The amount beside `term` in the preview's summary. */
const summaryLine = (term: string) =>
  screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

async function chooseRounding(label: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Round time' }));
  await userEvent.click(await screen.findByRole('option', { name: label }));
}

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('the Export tab', () => {
  it('shows the saved choices and a preview at $10 an hour and 15% tax', async () => {
    await renderSettingsPage({ hash: '#export', settings: { timeFormat: '24-hour' } });
    expect(screen.getByRole('radio', { name: 'PDF' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Round time' })).toHaveTextContent("Don't round");
    // A default for new employers: each employer has its own rounding.
    expect(screen.getByRole('combobox', { name: 'Round time' })).toHaveAccessibleDescription(
      /^The rounding a new employer starts with/,
    );
    expect(screen.getByRole('radio', { name: 'Add tax (self-employed)' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Include summary' })).toBeChecked();

    const table = screen.getByRole('table', { name: 'Sample work logs' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[3]).toHaveTextContent('Wed, Mar 4, 2026Events22:0002:20 (+1 day)15 min4.1$40.83');
    // By the minute: 457 + 290 + 245 minutes at $10 = $165.33; 15 % of it, $24.80.
    expect(summaryLine('Gross earnings')).toBe('$165.33');
    expect(summaryLine('Tax added (15%)')).toBe('+$24.80');
    expect(summaryLine('Total due')).toBe('$190.13');
  });

  it('offers the four roundings, and a stored 5 minutes too so the field never lies', async () => {
    await renderSettingsPage({ hash: '#export', settings: { roundTime: '5' } });
    expect(screen.getByRole('combobox', { name: 'Round time' })).toHaveTextContent('5 minutes');
    await userEvent.click(screen.getByRole('combobox', { name: 'Round time' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      "Don't round",
      '5 minutes',
      '15 minutes',
      '30 minutes',
      '1 hour',
    ]);
  });

  it('saves a rounding change and shows it in the preview at once', async () => {
    const { api, queryClient } = await renderSettingsPage({ hash: '#export' });
    queryClient.setQueryData(['/api/work-logs'], []);
    expect(firstShiftHours()).toBe('7.6');
    await chooseRounding('1 hour');
    expect(firstShiftHours()).toBe('8.0');
    expect(summaryLine('Total hours')).toBe('17.0 h');

    await waitFor(() =>
      expect(api.calls('PATCH /api/settings/export').map((c) => c.body)).toEqual([
        { roundTime: '60' },
      ]),
    );
    expect(queryClient.getQueryData<Settings>(settingsQueryKey)?.roundTime).toBe('60');
    // A default for new employers: nothing already shown changes, so nothing is fetched again.
    expect(queryClient.getQueryState(['/api/work-logs'])?.isInvalidated).toBe(false);
  });

  it('shows the total due by the tax method picked, and saves it', async () => {
    const { api } = await renderSettingsPage({ hash: '#export' });
    await userEvent.click(screen.getByRole('radio', { name: 'Deduct tax (employee)' }));
    expect(summaryLine('Tax deducted (15%)')).toBe('−$24.80');
    expect(summaryLine('Total due')).toBe('$140.53');
    await userEvent.click(screen.getByRole('radio', { name: 'No tax' }));
    expect(summaryLine('Tax')).toBe('Not applied');
    expect(summaryLine('Total due')).toBe('$165.33');
    await waitFor(() =>
      expect(api.calls('PATCH /api/settings/export').map((c) => c.body)).toEqual([
        { taxCalculation: 'deduct' },
        { taxCalculation: 'none' },
      ]),
    );
  });

  it('saves the format and the summary switch; without a summary the preview says so', async () => {
    const { api } = await renderSettingsPage({ hash: '#export' });
    await userEvent.click(screen.getByRole('radio', { name: 'CSV' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Include summary' }));
    expect(screen.queryByText('Total due')).not.toBeInTheDocument();
    expect(screen.getByText(/leave out the summary/)).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls('PATCH /api/settings/export').map((c) => c.body)).toEqual([
        { defaultExportFormat: 'csv' },
        { includeSummary: false },
      ]),
    );
  });

  it('shows the saved CSV format and saves a change of it', async () => {
    const { api, queryClient } = await renderSettingsPage({ hash: '#export' });
    const group = screen.getByRole('radiogroup', { name: 'CSV format' });
    expect(within(group).getByRole('radio', { name: 'Comma-separated' })).toBeChecked();
    const semicolon = within(group).getByRole('radio', { name: 'Semicolon-separated' });
    expect(semicolon).toHaveAccessibleDescription(/Decimal commas: 1234,50/);
    await userEvent.click(semicolon);
    expect(semicolon).toBeChecked();
    await waitFor(() =>
      expect(api.calls('PATCH /api/settings/export').map((c) => c.body)).toEqual([
        { csvFormat: 'semicolon' },
      ]),
    );
    await waitFor(() =>
      expect(queryClient.getQueryData<Settings>(settingsQueryKey)?.csvFormat).toBe('semicolon'),
    );
  });

  it('puts the CSV format back and says so when the save fails', async () => {
    await renderSettingsPage({
      hash: '#export',
      settings: { csvFormat: 'semicolon' },
      routes: { 'PATCH /api/settings/export': apiError(500, 'internal_error', 'Boom') },
    });
    await userEvent.click(screen.getByRole('radio', { name: 'Comma-separated' }));
    expect(await findToast(SAVE_FAILED)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Semicolon-separated' })).toBeChecked(),
    );
  });

  it('shows the amounts in the chosen currency', async () => {
    await renderSettingsPage({ hash: '#export', settings: { currency: 'EUR' } });
    expect(summaryLine('Total due')).toBe('€190.13');
  });

  it('says a save failed and puts the control and the preview back', async () => {
    await renderSettingsPage({
      hash: '#export',
      routes: { 'PATCH /api/settings/export': apiError(500, 'internal_error', 'Boom') },
    });
    await chooseRounding('1 hour');
    expect(await findToast(SAVE_FAILED)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Round time' })).toHaveTextContent("Don't round"),
    );
    expect(firstShiftHours()).toBe('7.6');
  });

  it('sends quick changes one after another, so the latest choice wins', async () => {
    const first = deferred<Response>();
    const { api, queryClient, settings } = await renderSettingsPage({ hash: '#export' });
    api.use({
      'PATCH /api/settings/export': (call) => {
        const answer = json({ ...settings, ...(call.body as object) });
        return api.calls('PATCH /api/settings/export').length === 1 ? first.promise : answer;
      },
    });
    await chooseRounding('15 minutes');
    await chooseRounding('30 minutes');
    // The second waits for the first's answer.
    expect(api.calls('PATCH /api/settings/export')).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'Round time' })).toHaveTextContent('30 minutes');

    first.resolve(json({ ...settings, roundTime: '15' }));
    await waitFor(() => expect(api.calls('PATCH /api/settings/export')).toHaveLength(2));
    await waitFor(() =>
      expect(queryClient.getQueryData<Settings>(settingsQueryKey)?.roundTime).toBe('30'),
    );
    expect(screen.getByRole('combobox', { name: 'Round time' })).toHaveTextContent('30 minutes');
  });

  it('starts with the mail account, then the export settings', async () => {
    await renderSettingsPage({
      hash: '#export',
      routes: { 'GET /api/auth/gmail/status': makeGmailStatus() },
    });
    const panel = screen.getByRole('tabpanel', { name: 'Export' });
    const headings = within(panel).getAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual([
      'Mail account',
      'Export settings',
      'Sample export preview',
    ]);
    expect(await within(panel).findByText('ana@gmail.com')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
  });
});
