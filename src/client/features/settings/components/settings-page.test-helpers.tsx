/** What the Settings page tests share: the signed-in user, the settings and the API. */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import { makeGmailStatus, makeNotionStatus, makeSettings, makeUser } from '@/test/fixtures';
import { type ApiCall, mockApi, type Routes } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import type { User } from '../../../../shared/schemas/auth.ts';
import type { Settings } from '../../../../shared/schemas/settings.ts';
import { SettingsPage } from './settings-page';

// The open tab lives in the real URL's hash; each test starts on a clean one.
afterEach(() => window.history.replaceState(null, '', '/'));

/** GET /api/notion for a user who has not connected Notion. */
const notionNotConnected = makeNotionStatus({
  connected: false,
  state: null,
  databaseId: null,
  databaseTitle: null,
  synced: 0,
  total: 0,
});

type Options = {
  user?: Partial<User>;
  settings?: Partial<Settings>;
  isAdmin?: boolean;
  /** Named an administrator by the server, the address not yet confirmed. */
  awaitsEmailConfirmation?: boolean;
  /** '#export' opens that tab. */
  hash?: string;
  routes?: Routes;
};

/** PATCH /api/settings/general as the server answers it: the user and settings with the change. */
export function generalAnswer(user: User, settings: Settings) {
  return (call: ApiCall) => {
    const body = call.body as Partial<User & Settings>;
    const { firstName, lastName, ...rest } = body;
    return {
      user: {
        ...user,
        ...(firstName === undefined ? {} : { firstName }),
        ...(lastName === undefined ? {} : { lastName }),
      },
      settings: { ...settings, ...rest },
    };
  };
}

/** The Settings page as a signed-in user opens it, with the API answering from `routes`. */
export async function renderSettingsPage(options: Options = {}) {
  const user = makeUser(options.user);
  const settings = makeSettings(options.settings);
  window.history.replaceState(null, '', `/settings${options.hash ?? ''}`);
  const api = mockApi({
    'GET /api/auth/me': { user },
    'GET /api/settings': settings,
    'GET /api/auth/admin-status': {
      isAdmin: options.isAdmin ?? false,
      awaitsEmailConfirmation: options.awaitsEmailConfirmation ?? false,
    },
    'GET /api/auth/gmail/status': makeGmailStatus({ authorized: false, email: null }),
    'GET /api/notion': notionNotConnected,
    'PATCH /api/settings/general': generalAnswer(user, settings),
    'PATCH /api/settings/export': (call: ApiCall) => ({
      ...settings,
      ...(call.body as Partial<Settings>),
    }),
    ...options.routes,
  });
  const result = renderWithProviders(<SettingsPage />, { path: '/settings' });
  await screen.findByRole('tablist');
  // Tabs other than General load their code on first show.
  await waitFor(() => expect(screen.queryByTestId('tab-loading')).not.toBeInTheDocument());
  // The e-mail field of General is its own chunk, too.
  if (!options.hash || options.hash === '#general') {
    await screen.findByRole('textbox', { name: 'Email' }, { timeout: 5000 });
  }
  return { ...result, api, user, settings };
}
