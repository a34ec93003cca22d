import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { makeSettings, makeUser } from '@/test/fixtures';
import { apiError, json, mockApi } from '@/test/mock-api';
import type { Settings } from '../../../../shared/schemas/settings.ts';
import { settingsQueryKey } from './get-settings';
import { useUpdateGeneralSettings } from './update-general-settings';
import { useUpdateTheme } from './update-theme';

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The theme and the General tab's saves on one cache, as the top bar and Settings share it. */
function renderSaves() {
  const saved = makeSettings({ currency: 'USD', theme: 'light' });
  const currencyAnswer = deferred<Response>();
  const themeAnswer = deferred<Response>();
  const api = mockApi({
    'PATCH /api/settings/general': () => currencyAnswer.promise,
    'PATCH /api/settings/theme': () => themeAnswer.promise,
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData(settingsQueryKey, saved);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () => ({ general: useUpdateGeneralSettings(), theme: useUpdateTheme() }),
    { wrapper },
  );
  const cached = () => queryClient.getQueryData<Settings>(settingsQueryKey);
  const answerCurrency = (currency: string) =>
    currencyAnswer.resolve(json({ user: makeUser(), settings: { ...saved, currency } }));
  return { api, queryClient, result, cached, saved, themeAnswer, answerCurrency };
}

describe('saving the theme beside other settings', () => {
  it('waits for a save under way and, when it fails, puts back only the theme', async () => {
    const { api, result, cached, themeAnswer, answerCurrency } = renderSaves();
    const currency = result.current.general.mutateAsync({ currency: 'EUR' });
    const theme = result.current.theme.mutateAsync({ theme: 'dark' });
    // Shown at once; sent after the currency's answer.
    await waitFor(() => expect(cached()?.theme).toBe('dark'));
    expect(api.calls('PATCH /api/settings/general')).toHaveLength(1);
    expect(api.calls('PATCH /api/settings/theme')).toHaveLength(0);

    answerCurrency('EUR');
    await currency;
    await waitFor(() => expect(api.calls('PATCH /api/settings/theme')).toHaveLength(1));
    themeAnswer.resolve(apiError(500, 'internal_error', 'Boom'));
    await expect(theme).rejects.toThrow();

    expect(cached()).toMatchObject({ currency: 'EUR', theme: 'light' });
  });

  it('takes only the theme from its answer, whatever else that answer says', async () => {
    const { queryClient, result, cached, saved, themeAnswer } = renderSaves();
    const theme = result.current.theme.mutateAsync({ theme: 'dark' });
    // Newer than what the theme's answer will say: the currency, as fetched meanwhile.
    queryClient.setQueryData<Settings>(
      settingsQueryKey,
      (old) => old && { ...old, currency: 'EUR' },
    );
    themeAnswer.resolve(json({ ...saved, currency: 'USD', theme: 'dark' }));
    await theme;
    expect(cached()).toMatchObject({ currency: 'EUR', theme: 'dark' });
  });

  it('leaves a later pick in place when an earlier one fails', async () => {
    const { api, result, cached, themeAnswer } = renderSaves();
    api.use({
      'PATCH /api/settings/theme': () =>
        api.calls('PATCH /api/settings/theme').length === 1
          ? themeAnswer.promise
          : json(makeSettings({ theme: 'system' })),
    });
    const first = result.current.theme.mutateAsync({ theme: 'dark' });
    const second = result.current.theme.mutateAsync({ theme: 'system' });
    themeAnswer.resolve(apiError(500, 'internal_error', 'Boom'));
    await expect(first).rejects.toThrow();
    expect(cached()?.theme).toBe('system');
    await second;
    expect(cached()?.theme).toBe('system');
  });
});
