import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { AppLayout } from './app-layout';
import { avatarInitial, displayName } from './user-block';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ code: 'not_found', message: 'Not here' }, 404)),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderLayout(path = '/') {
  return renderWithProviders(
    <AppLayout user={makeUser()} applyServerTheme={false}>
      <h1>Page</h1>
    </AppLayout>,
    { path },
  );
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
    ).toEqual(['/', '/employers', '/work-logs', '/timesheet-reports', '/settings']);
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
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
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
