import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished } from 'vitest';
import { meQueryKey } from '@/features/auth';
import { apiError, json, type MockApi } from '@/test/mock-api';
import { findToast } from '@/test/render';
import { renderSettingsPage } from './settings-page.test-helpers';
import { NAME_SAVE_DELAY_MS } from './use-name-autosave';

const firstName = () => screen.getByRole('textbox', { name: 'First name' });
const nameSaves = (api: MockApi) =>
  api.calls('PATCH /api/settings/general').map((call) => call.body);
const afterThePause = () => new Promise((resolve) => setTimeout(resolve, NAME_SAVE_DELAY_MS + 100));

/** The fetch options of each name save: how the browser was asked to send it. */
const sentWith = (api: MockApi) =>
  api.fetch.mock.calls.filter(([url]) => url === '/api/settings/general').map(([, init]) => init);

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function hidePage() {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  // Back to jsdom's own (on the prototype) for the next test.
  onTestFinished(() => {
    Reflect.deleteProperty(document, 'visibilityState');
  });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('a name typed just before leaving', () => {
  it.each([
    ['the page is closed or reloaded', () => window.dispatchEvent(new Event('pagehide'))],
    ['the page is hidden', hidePage],
  ])('is sent at once, with keepalive, when %s', async (_when, leave) => {
    const { api } = await renderSettingsPage({ user: { firstName: 'Sam' } });
    await userEvent.type(firstName(), 'uel');
    leave();
    await waitFor(() => expect(nameSaves(api)).toEqual([{ firstName: 'Samuel' }]));
    expect(sentWith(api)[0]).toMatchObject({
      method: 'PATCH',
      keepalive: true,
      credentials: 'same-origin',
    });
    // Sent once: the pause that was running is over.
    await afterThePause();
    expect(nameSaves(api)).toHaveLength(1);
  });

  it('sends nothing on leaving when the name was already saved', async () => {
    const { api } = await renderSettingsPage({ user: { firstName: 'Sam' } });
    await userEvent.type(firstName(), 'uel');
    await userEvent.tab();
    window.dispatchEvent(new Event('pagehide'));
    await afterThePause();
    expect(nameSaves(api)).toEqual([{ firstName: 'Samuel' }]);
    expect(sentWith(api)[0]).not.toHaveProperty('keepalive');
  });

  it('is sent when the user switches to another tab before the pause is over', async () => {
    const { api } = await renderSettingsPage({ user: { firstName: 'Sam' } });
    await userEvent.type(firstName(), 'uel');
    // Changing the address's tab unmounts the General tab without a blur.
    window.location.hash = '#export';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await screen.findByRole('heading', { name: 'Export settings' });
    await waitFor(() => expect(nameSaves(api)).toEqual([{ firstName: 'Samuel' }]), {
      timeout: NAME_SAVE_DELAY_MS / 2,
    });
  });
});

describe('coming back to the General tab while a name is being saved', () => {
  async function typeAndLeave(answer: Promise<Response>) {
    const rendered = await renderSettingsPage({ user: { firstName: 'Sam' } });
    const { api } = rendered;
    api.use({ 'PATCH /api/settings/general': () => answer });
    await userEvent.type(firstName(), 'uel');
    await userEvent.click(screen.getByRole('tab', { name: 'Export' }));
    await waitFor(() => expect(nameSaves(api)).toHaveLength(1));
    await userEvent.click(screen.getByRole('tab', { name: 'General' }));
    return rendered;
  }

  it('shows the name as typed, not the one saved before, and does not send it again', async () => {
    const answer = deferred<Response>();
    const { api, queryClient, user, settings } = await typeAndLeave(answer.promise);
    expect(firstName()).toHaveValue('Samuel');
    await userEvent.click(firstName());
    await userEvent.tab();
    expect(nameSaves(api)).toEqual([{ firstName: 'Samuel' }]);

    answer.resolve(json({ user: { ...user, firstName: 'Samuel' }, settings }));
    await waitFor(() =>
      expect(queryClient.getQueryData(meQueryKey)).toMatchObject({ firstName: 'Samuel' }),
    );
    expect(firstName()).toHaveValue('Samuel');
  });

  it('sends it again from the field when that save then fails', async () => {
    const answer = deferred<Response>();
    const { api } = await typeAndLeave(answer.promise);
    answer.resolve(apiError(500, 'internal_error', 'The database is down'));
    expect(
      await findToast('Failed to update general settings: The database is down'),
    ).toBeInTheDocument();
    expect(firstName()).toHaveValue('Samuel');

    api.use({ 'PATCH /api/settings/general': apiError(500, 'internal_error', 'Still down') });
    await userEvent.click(firstName());
    await userEvent.tab();
    expect(nameSaves(api)).toEqual([{ firstName: 'Samuel' }, { firstName: 'Samuel' }]);
  });
});
