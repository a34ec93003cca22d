import { QueryClientProvider } from '@tanstack/react-query';
import { render, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { CaseInsensitiveRouter } from '@/app/case-insensitive-router';
import { ThemeProvider } from '@/app/theme-provider';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';

/**
 * Renders UI as the app does: a fresh query cache with the app's defaults (src/client/lib/
 * query-client.ts; only its read retries are off, so a failure shows at once), the theme, an
 * in-memory case-insensitive router and the toaster, so tests read toasts as the user sees
 * them (see `findToast`).
 */
export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  const location = memoryLocation({ path, record: true });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <CaseInsensitiveRouter>{ui}</CaseInsensitiveRouter>
        </Router>
      </ThemeProvider>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, queryClient, location };
}

/**
 * The notification area, where toasts show. `hidden: true` because an open modal dialog
 * hides the rest of the page from the accessibility tree; the toast is still on screen,
 * and Radix announces it to screen readers from outside the dialog.
 */
export function notifications(): HTMLElement {
  // By its label, not its accessible name: an open dialog hides the region itself (aria-hidden),
  // and a hidden element has no accessible name to find it by.
  const region = document.querySelector<HTMLElement>(
    '[role="region"][aria-label^="Notifications"]',
  );
  if (!region) throw new Error('The notification region is not on the page');
  return region;
}

/**
 * Waits for a toast showing `text` (its title or its description) and returns the toast. A toast
 * that follows a poll (a mail send's status every second) needs a `timeout` past the poll.
 */
export async function findToast(
  text: string | RegExp,
  options: { timeout?: number } = {},
): Promise<HTMLElement> {
  const line = await within(notifications()).findByText(text, {}, options);
  return line.closest('li') ?? line;
}
