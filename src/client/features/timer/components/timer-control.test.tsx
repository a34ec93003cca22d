import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeSettings, makeWorkLog } from '@/test/fixtures';
import { json, mockApi } from '@/test/mock-api';
import { findToast, renderWithProviders } from '@/test/render';
import type { Timer } from '../../../../shared/schemas/timer.ts';
import { timerQueryKey } from '../api/timer';
import { TimerControl, toggleTimer } from '../index';

const running = (overrides: Partial<Timer> = {}): Timer => ({
  employerId: 7,
  employerName: 'Acme Studio',
  brandColor: 'green',
  department: null,
  startedAt: new Date(Date.now() - 65 * 60_000).toISOString(),
  pausedAt: null,
  pausedSeconds: 0,
  ...overrides,
});

describe('the timer in the top bar', () => {
  it('idle: "Start timer", which toggleTimer() opens as well', async () => {
    mockApi({ 'GET /api/timer': { timer: null }, 'GET /api/employers': [] });
    renderWithProviders(<TimerControl />);
    const start = await screen.findByRole('button', { name: 'Start timer' });
    await waitFor(() => expect(start).toBeEnabled());
    act(() => toggleTimer());
    const dialog = await screen.findByRole('dialog', { name: 'Start timer' });
    expect(await screen.findByRole('link', { name: 'Add an employer' })).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });

  it('running: the employer and the time worked; a change is announced, not the ticking', async () => {
    const timer = running();
    mockApi({ 'GET /api/timer': { timer } });
    const { queryClient } = renderWithProviders(<TimerControl />);
    const button = await screen.findByRole('button', {
      name: 'Timer for Acme Studio, running: 1 hour 5 minutes. Open the timer',
    });
    expect(button).toHaveTextContent(/1:05:\d\d/);
    expect(button.querySelector('[aria-live="off"]')).not.toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');

    act(() => {
      queryClient.setQueryData(timerQueryKey, {
        timer: { ...timer, pausedAt: new Date().toISOString() },
      });
    });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Timer paused'));
    act(() => queryClient.setQueryData(timerQueryKey, { timer: null }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Timer stopped'));
  });

  it('stops into a shift: the break and end left empty send nothing but the stop', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/timer': { timer: running() },
      'GET /api/settings': makeSettings(),
      'GET /api/employers': [],
      'POST /api/timer/stop': () =>
        json(
          makeWorkLog({
            date: '2026-11-20',
            startTime: '09:00:00',
            endTime: '10:05:00',
          }),
          201,
        ),
    });
    renderWithProviders(<TimerControl />);
    await user.click(await screen.findByRole('button', { name: /^Timer for Acme Studio/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Timer' });
    await user.click(await screen.findByRole('button', { name: 'Stop and save' }));
    expect(await findToast('Shift saved')).toBeInTheDocument();
    expect(api.calls('POST /api/timer/stop')[0]?.body).toEqual({});
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('past 16 hours it opens by itself and asks when the shift ended, read in the user’s zone', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/timer': {
        timer: running({ startedAt: new Date(Date.now() - 30 * 3_600_000).toISOString() }),
      },
      'GET /api/settings': makeSettings({ timeZone: 'America/Chicago' }),
      'GET /api/employers': [],
      'POST /api/timer/stop': () => json(makeWorkLog(), 201),
    });
    renderWithProviders(<TimerControl />);
    const dialog = await screen.findByRole('dialog', { name: 'Timer' });
    expect(dialog).toHaveTextContent('more than 16 hours');
    const endDate = screen.getByRole('textbox', { name: /End date/ });
    await user.clear(endDate);
    await user.type(endDate, '2026-11-20');
    await user.click(screen.getByRole('button', { name: 'Stop and save' }));
    expect(await screen.findByText('Type the end as HH:MM (24-hour)')).toBeInTheDocument();
    expect(api.calls('POST /api/timer/stop')).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: /End time/ }), '17:30');
    await user.click(screen.getByRole('button', { name: 'Stop and save' }));
    await waitFor(() => expect(api.calls('POST /api/timer/stop')).toHaveLength(1));
    // 17:30 in Chicago on 20 November is 23:30 UTC.
    expect(api.calls('POST /api/timer/stop')[0]?.body).toEqual({
      endedAt: '2026-11-20T23:30:00.000Z',
    });
  });
});
