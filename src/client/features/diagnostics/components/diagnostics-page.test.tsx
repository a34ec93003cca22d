import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, hang, mockApi, offline } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import type { DiagnosticsResponse } from '../../../../shared/schemas/diagnostics.ts';
import { DiagnosticsPage } from './diagnostics-page';

function makeDiagnostics(overrides: Partial<DiagnosticsResponse> = {}): DiagnosticsResponse {
  return {
    version: '1.4.2',
    database: 'embedded',
    instanceMail: 'outbox',
    mailLinks: 'public-url',
    mailAccount: 'not-connected',
    notion: 'not-connected',
    serverTime: '2026-03-02T15:04:05.000Z',
    ...overrides,
  };
}

/** The value a description list gives for `term`, as a screen reader pairs them. */
function described(term: string): string {
  const dt = screen.getByText(term, { selector: 'dt' });
  const dd = dt.nextElementSibling;
  expect(dd?.tagName).toBe('DD');
  return dd?.textContent ?? '';
}

describe('the diagnostics page', () => {
  it('shows a skeleton while the server answers, then what it said', async () => {
    let answer: (value: DiagnosticsResponse) => void = () => {};
    mockApi({ 'GET /api/diagnostics': () => new Promise((resolve) => (answer = resolve)) });
    renderWithProviders(<DiagnosticsPage />, { path: '/test' });
    expect(screen.getByRole('heading', { level: 1, name: 'Diagnostics' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading diagnostics');

    act(() => answer(makeDiagnostics()));
    expect(await screen.findByRole('heading', { name: 'This server' })).toBeInTheDocument();
    expect(screen.queryByText('Loading diagnostics')).not.toBeInTheDocument();
    expect(described('Version')).toBe('1.4.2');
    expect(described('Database')).toBe('Embedded PostgreSQL');
    expect(described('Instance mail')).toBe('Outbox folder (development)');
    expect(described('Your mail account')).toBe('Not connected');
    expect(described('Notion')).toBe('Not connected');
    const time = screen.getByText(described('Server time'), { selector: 'time' });
    expect(time).toHaveAttribute('dateTime', '2026-03-02T15:04:05.000Z');
  });

  it('names a database server, an SMTP server and connected accounts', async () => {
    mockApi({
      'GET /api/diagnostics': makeDiagnostics({
        database: 'external',
        instanceMail: 'smtp',
        mailAccount: 'connected',
        notion: 'connected',
      }),
    });
    renderWithProviders(<DiagnosticsPage />, { path: '/test' });
    await screen.findByRole('heading', { name: 'This server' });
    expect(described('Database')).toBe('PostgreSQL server');
    expect(described('Instance mail')).toBe('SMTP server');
    expect(described('Your mail account')).toBe('Connected');
    expect(described('Notion')).toBe('Connected');
  });

  it('says when mailed links are refused because PUBLIC_URL is not set', async () => {
    mockApi({ 'GET /api/diagnostics': makeDiagnostics({ mailLinks: 'missing' }) });
    renderWithProviders(<DiagnosticsPage />, { path: '/test' });
    await screen.findByRole('heading', { name: 'This server' });
    expect(described('Links in mail')).toContain('Refused: PUBLIC_URL is not set');
    expect(described('Links in mail')).toContain('the administrator sets PUBLIC_URL');
  });

  it('names where mailed links point when they can be made', async () => {
    mockApi({ 'GET /api/diagnostics': makeDiagnostics({ mailLinks: 'request-host' }) });
    renderWithProviders(<DiagnosticsPage />, { path: '/test' });
    await screen.findByRole('heading', { name: 'This server' });
    expect(described('Links in mail')).toBe("The request's address (development)");
  });

  it('says when the mail account needs reconnecting', async () => {
    mockApi({ 'GET /api/diagnostics': makeDiagnostics({ mailAccount: 'needs-reauth' }) });
    renderWithProviders(<DiagnosticsPage />, { path: '/test' });
    await screen.findByRole('heading', { name: 'Your connections' });
    expect(described('Your mail account')).toBe('Needs reconnecting');
  });

  it('shows a failed read with its reason, and Retry asks again', async () => {
    const api = mockApi({
      'GET /api/diagnostics': apiError(500, 'internal_error', 'Something broke'),
    });
    renderWithProviders(<DiagnosticsPage />, { path: '/test' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the diagnostics');
    expect(alert).toHaveTextContent('The server had a problem. Try again in a moment.');
    expect(alert).toHaveTextContent('500: Something broke');

    api.use({ 'GET /api/diagnostics': makeDiagnostics({ version: '2.0.0' }) });
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { name: 'This server' });
    expect(described('Version')).toBe('2.0.0');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.calls('GET /api/diagnostics')).toHaveLength(2);
  });

  it('says the server could not be reached when the network is down', async () => {
    mockApi({ 'GET /api/diagnostics': offline });
    renderWithProviders(<DiagnosticsPage />, { path: '/test' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not reach the server. Check your connection.',
    );
  });

  it('keeps the last state, and says so, when checking again fails', async () => {
    const api = mockApi({ 'GET /api/diagnostics': makeDiagnostics() });
    renderWithProviders(<DiagnosticsPage />, { path: '/test' });
    await screen.findByRole('heading', { name: 'This server' });
    api.use({ 'GET /api/diagnostics': offline });
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not check again, so this is the last state read.',
    );
    expect(described('Version')).toBe('1.4.2');
  });

  it("shows the browser's time zone and whether it is online, even before the server answers", async () => {
    mockApi({ 'GET /api/diagnostics': hang });
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true);
    renderWithProviders(<DiagnosticsPage />, { path: '/test' });
    expect(described('Time zone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(described('Network')).toBe('Online');

    onLine.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    await waitFor(() => expect(described('Network')).toBe('Offline'));
    onLine.mockRestore();
  });
});
