import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeSettings, makeUser } from '@/test/fixtures';
import { hang, type MockApi, mockApi, offline } from '@/test/mock-api';
import { findToast, renderWithProviders } from '@/test/render';
import { AppLayout } from './app-layout';
import { avatarInitial, displayName } from './user-block';

let api: MockApi;
beforeEach(() => {
  api = mockApi({
    'GET /api/settings': makeSettings(),
    'PATCH /api/settings/theme': ({ body }) => makeSettings(body as object),
  });
});

function renderLayout(path = '/', applyServerTheme = false) {
  return renderWithProviders(
    <AppLayout user={makeUser()} applyServerTheme={applyServerTheme}>
      <h1>Page</h1>
    </AppLayout>,
    { path },
  );
}

async function pickTheme(name: 'Light' | 'Dark' | 'System') {
  await userEvent.click(screen.getByRole('button', { name: /^Theme:/ }));
  await userEvent.click(await screen.findByRole('menuitemradio', { name }));
}

function desktopSidebar() {
  return screen.getByRole('complementary', { name: 'Sidebar' });
}

describe('the signed-in layout', () => {
  it('keeps the collapsed sidebar in localStorage across visits', async () => {
    const first = renderLayout();
    expect(desktopSidebar()).toHaveClass('w-64');
    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(window.localStorage.getItem('sidebarCollapsed')).toBe('true');
    expect(desktopSidebar()).toHaveClass('w-20');
    first.unmount();

    renderLayout();
    expect(desktopSidebar()).toHaveClass('w-20');
    await userEvent.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(window.localStorage.getItem('sidebarCollapsed')).toBe('false');
    expect(desktopSidebar()).toHaveClass('w-64');
  });

  it('marks the current page in the navigation, whatever the case of the path', () => {
    renderLayout('/Work-Logs');
    const nav = within(desktopSidebar()).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Work Logs' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/',
      '/employers',
      '/work-logs',
      '/calendar',
      '/timesheet-reports',
      '/pay',
      '/settings',
    ]);
  });

  it('opens the mobile sidebar from the top bar and closes it with Escape', async () => {
    renderLayout();
    const open = screen.getByRole('button', { name: 'Open sidebar' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const dialog = screen.getByRole('dialog', { name: 'Navigation' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the user, the copyright line and a logout button that reports progress', async () => {
    api.use({ 'POST /api/auth/logout': hang });
    renderLayout();
    const sidebar = desktopSidebar();
    expect(within(sidebar).getByText('Sam Rivera')).toBeInTheDocument();
    expect(within(sidebar).getByText('sam@example.com')).toBeInTheDocument();
    expect(
      screen.getByText(`© ${new Date().getFullYear()} Hourbook. All rights reserved.`),
    ).toBeInTheDocument();
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Logout' }));
    expect(within(sidebar).getByRole('button', { name: 'Logging out...' })).toBeDisabled();
  });
});

describe('the theme picked in the top bar', () => {
  it('shows at once and is saved to the settings for the next sign-in', async () => {
    renderLayout();
    await pickTheme('Dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    await waitFor(() => expect(api.calls('PATCH /api/settings/theme')).toHaveLength(1));
    expect(api.calls('PATCH /api/settings/theme')[0]?.body).toEqual({ theme: 'dark' });
    expect(screen.getByRole('button', { name: 'Theme: Dark' })).toBeInTheDocument();
  });

  it('comes back to the previous theme, and says so, when saving fails', async () => {
    api.use({ 'PATCH /api/settings/theme': offline });
    renderLayout();
    await pickTheme('Dark');
    expect(await findToast('Theme not saved')).toHaveTextContent(
      'We could not save your theme, so it is back to Light. Please try again.',
    );
    expect(document.documentElement).not.toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('light');
    expect(screen.getByRole('button', { name: 'Theme: Light' })).toBeInTheDocument();
  });

  it('after sign-in, follows the theme kept in the settings', async () => {
    api.use({ 'GET /api/settings': makeSettings({ theme: 'dark' }) });
    renderLayout('/', true);
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(api.calls('PATCH /api/settings/theme')).toEqual([]);
  });
});

describe('the user block', () => {
  it('names the user by full name, else e-mail, else "User"', () => {
    const base = { profileImageUrl: null };
    expect(displayName({ ...base, firstName: 'Ana', lastName: 'Lee', email: 'a@b.co' })).toBe(
      'Ana Lee',
    );
    expect(displayName({ ...base, firstName: null, lastName: null, email: 'a@b.co' })).toBe(
      'a@b.co',
    );
    expect(displayName({ ...base, firstName: ' ', lastName: null, email: '' })).toBe('User');
  });

  it('shows the first letter of the first name in the avatar, else U', () => {
    const base = { profileImageUrl: null, lastName: null, email: 'a@b.co' };
    expect(avatarInitial({ ...base, firstName: 'ana' })).toBe('A');
    expect(avatarInitial({ ...base, firstName: null })).toBe('U');
  });
});
