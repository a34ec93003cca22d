import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { CaseInsensitiveRouter } from '@/app/case-insensitive-router';
import { ThemeProvider } from '@/app/theme-provider';

/** Renders UI with a fresh query cache, the theme and an in-memory, case-insensitive router. */
export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const location = memoryLocation({ path, record: true });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <CaseInsensitiveRouter>{ui}</CaseInsensitiveRouter>
        </Router>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, location };
}

/** A fetch Response for mocked endpoints. */
export function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
