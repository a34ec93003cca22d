import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/test/render';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import { makeEmployer, routeFetch } from '../test/employer-fixtures';
import { EmployersPage, filterEmployers } from './employers-page';

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
});

function serve(employers: Employer[] | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      routeFetch({
        'GET /api/employers': () =>
          Array.isArray(employers) ? jsonResponse(employers) : employers,
      }),
    ),
  );
}

const cafe = makeEmployer({
  id: 1,
  name: 'Blue Bottle Cafe',
  departments: ['Kitchen', 'Bar'],
  contactEmail: 'boss@cafe.example',
});
const studio = makeEmployer({
  id: 2,
  name: 'Northwind Studio',
  hourlyRate: '80.00',
  timesheetSchedule: 'monthly',
  taxRate: '0.00',
  phone: '555-0100',
  isActive: false,
  brandColor: 'teal',
});

describe('filterEmployers', () => {
  it('matches any part of the name whatever the letter case', () => {
    expect(filterEmployers([cafe, studio], '  NORTH ').map((e) => e.id)).toEqual([2]);
    expect(filterEmployers([cafe, studio], 'O').map((e) => e.id)).toEqual([1, 2]);
    expect(filterEmployers([cafe, studio], '')).toHaveLength(2);
  });
});

describe('the employers page', () => {
  it('shows three skeleton cards and a loading status while the list loads', () => {
    serve(new Promise(() => {}));
    renderWithProviders(<EmployersPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Employers' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading employers');
    expect(screen.getAllByTestId('employer-skeleton')).toHaveLength(3);
  });

  it('shows each employer as a card with its details', async () => {
    serve([cafe, studio]);
    renderWithProviders(<EmployersPage />);
    const cafeCard = await screen.findByRole('article', { name: 'Blue Bottle Cafe' });
    expect(within(cafeCard).getByText('Active')).toBeInTheDocument();
    expect(within(cafeCard).getByText('$24.50/hr')).toBeInTheDocument();
    expect(within(cafeCard).getByText('Bi-Weekly')).toBeInTheDocument();
    expect(within(cafeCard).getByText('15.25%')).toBeInTheDocument();
    expect(within(cafeCard).getByText('boss@cafe.example')).toBeInTheDocument();
    expect(within(cafeCard).getByText('N/A')).toBeInTheDocument();
    expect(within(cafeCard).getByRole('list', { name: 'Departments' })).toHaveTextContent(
      'KitchenBar',
    );
    expect(cafeCard).toHaveClass('border-l-blue-600');

    const studioCard = screen.getByRole('article', { name: 'Northwind Studio' });
    expect(within(studioCard).getByText('Inactive')).toBeInTheDocument();
    expect(within(studioCard).getByText('No Departments')).toBeInTheDocument();
    expect(within(studioCard).getByText('$80.00/hr')).toBeInTheDocument();
    expect(within(studioCard).getByText('0.00%')).toBeInTheDocument();
    expect(studioCard).toHaveClass('border-l-teal-600');
    expect(
      within(studioCard).getByRole('button', { name: 'Actions for Northwind Studio' }),
    ).toBeInTheDocument();
  });

  it('filters the cards by name, case-insensitively, as the user types', async () => {
    serve([cafe, studio]);
    renderWithProviders(<EmployersPage />);
    await screen.findByRole('article', { name: 'Blue Bottle Cafe' });
    const search = screen.getByRole('searchbox', { name: 'Search employers' });
    expect(search).toHaveAttribute('placeholder', 'Search employers...');
    await userEvent.type(search, 'northWIND');
    expect(screen.queryByRole('article', { name: 'Blue Bottle Cafe' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Northwind Studio' })).toBeInTheDocument();
  });

  it('says no employers were found and suggests another search when nothing matches', async () => {
    serve([cafe]);
    renderWithProviders(<EmployersPage />);
    await screen.findByRole('article', { name: 'Blue Bottle Cafe' });
    await userEvent.type(screen.getByRole('searchbox'), 'zzz');
    expect(screen.getByRole('heading', { name: 'No employers found' })).toBeInTheDocument();
    expect(
      screen.getByText('Try a different search term or clear your search'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add Employer' })).toHaveLength(1);
  });

  it('invites a new user to add a first employer', async () => {
    serve([]);
    renderWithProviders(<EmployersPage />);
    expect(await screen.findByRole('heading', { name: 'No employers found' })).toBeInTheDocument();
    expect(screen.getByText('Get started by adding your first employer')).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Add Employer' });
    expect(buttons).toHaveLength(2);
    await userEvent.click(buttons[1]!);
    expect(
      await screen.findByRole('heading', { name: 'Add New Employer' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be fetched', async () => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        routeFetch({
          'GET /api/employers': () =>
            ++calls === 1 ? new Response('boom', { status: 500 }) : jsonResponse([cafe]),
        }),
      ),
    );
    renderWithProviders(<EmployersPage />);
    expect(await screen.findByText('Failed to fetch employers')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Blue Bottle Cafe' })).toBeInTheDocument();
  });

  it('asks before deleting and warns that work logs and timesheets go too', async () => {
    serve([cafe]);
    renderWithProviders(<EmployersPage />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Actions for Blue Bottle Cafe' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Blue Bottle Cafe?' });
    expect(dialog).toHaveTextContent(
      'Deleting an employer permanently removes all associated work logs and timesheets.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions for Blue Bottle Cafe' })).toHaveFocus();
  });
});
