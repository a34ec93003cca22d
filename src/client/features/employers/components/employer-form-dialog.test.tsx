import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/test/render';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import { makeEmployer, routeFetch } from '../test/employer-fixtures';
import { EmployerFormDialog } from './employer-form-dialog';

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));
const { toast } = await import('@/components/ui/use-toast');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

function renderDialog(employer?: Employer) {
  const onOpenChange = vi.fn();
  const result = renderWithProviders(
    <EmployerFormDialog open onOpenChange={onOpenChange} employer={employer} />,
  );
  return { ...result, onOpenChange, dialog: screen.getByRole('dialog') };
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save Employer' }));

describe('the employer form', () => {
  it('is titled Add New Employer and starts active, full-time, weekly and blue', () => {
    renderDialog();
    expect(screen.getByRole('heading', { name: 'Add New Employer' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Active' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Employment type' })).toHaveTextContent(
      'Full-time',
    );
    expect(screen.getByRole('combobox', { name: 'Timesheet schedule' })).toHaveTextContent(
      'Weekly',
    );
    expect(screen.getByRole('radio', { name: 'Blue' })).toBeChecked();
    const rate = screen.getByLabelText(/Hourly rate/);
    expect(rate).toHaveAttribute('type', 'number');
    expect(rate).toHaveAttribute('step', '0.01');
    expect(rate).toHaveAttribute('min', '0');
    const tax = screen.getByLabelText(/Tax rate/);
    expect(tax).toHaveAttribute('max', '100');
    expect(tax).toHaveAttribute('step', '0.01');
  });

  it('says the name is required and the rate must be a positive number, sending nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();
    await save();
    const name = screen.getByLabelText(/Employer name/);
    expect(await screen.findByText('Employer name is required')).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription('Employer name is required');
    expect(screen.getByText('Hourly rate must be a positive number')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says a negative rate must be at least 0 and a bad e-mail is invalid', async () => {
    renderDialog();
    await userEvent.type(screen.getByLabelText(/Employer name/), 'Acme');
    await userEvent.type(screen.getByLabelText(/Hourly rate/), '-1');
    await userEvent.type(screen.getByLabelText('Contact email'), 'not-an-email');
    await save();
    expect(await screen.findByText('Hourly rate must be at least 0')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
  });

  it('refuses a tax rate above 100', async () => {
    renderDialog();
    const tax = screen.getByLabelText(/Tax rate/);
    await userEvent.clear(tax);
    await userEvent.type(tax, '100.5');
    await save();
    expect(await screen.findByText('Tax rate must be at most 100')).toBeInTheDocument();
  });

  it('adds an employer, appends it to the cached list and says so', async () => {
    const created = makeEmployer({ id: 2, name: 'Acme', departments: ['Kitchen'] });
    let sent: unknown;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        routeFetch({
          'POST /api/employers': (init) => {
            sent = JSON.parse(String(init?.body));
            return jsonResponse(created, 201);
          },
          'GET /api/employers': () => jsonResponse([makeEmployer(), created]),
        }),
      ),
    );
    const { queryClient, onOpenChange } = renderDialog();
    queryClient.setQueryData(['/api/employers'], [makeEmployer()]);
    await userEvent.type(screen.getByLabelText(/Employer name/), ' Acme ');
    await userEvent.type(screen.getByLabelText(/Hourly rate/), '24.5');
    await userEvent.type(screen.getByLabelText('Departments'), 'Kitchen{Enter}');
    await userEvent.click(screen.getByRole('radio', { name: 'Teal' }));
    await save();

    expect(await screen.findByRole('button', { name: 'Saved' })).toBeInTheDocument();
    expect(sent).toMatchObject({
      name: 'Acme',
      hourlyRate: '24.5',
      departments: ['Kitchen'],
      brandColor: 'teal',
      isActive: true,
      contactEmail: null,
    });
    expect(queryClient.getQueryData<Employer[]>(['/api/employers'])?.map((e) => e.id)).toEqual([
      1, 2,
    ]);
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Success', description: 'Employer added successfully' }),
    );
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false), { timeout: 2000 });
  });

  it('shows the server message in an Error toast and its field errors under the fields', async () => {
    const body = {
      code: 'validation_failed',
      message: 'Please check the form',
      errors: { name: 'Employer name must be at most 200 characters' },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(routeFetch({ 'POST /api/employers': () => jsonResponse(body, 400) })),
    );
    renderDialog();
    await userEvent.type(screen.getByLabelText(/Employer name/), 'Acme');
    await userEvent.type(screen.getByLabelText(/Hourly rate/), '20');
    await save();
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByText('Employer name must be at most 200 characters')).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Error', description: 'Please check the form' }),
    );
  });

  it('falls back to "Failed to add employer" when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderDialog();
    await userEvent.type(screen.getByLabelText(/Employer name/), 'Acme');
    await userEvent.type(screen.getByLabelText(/Hourly rate/), '20');
    await save();
    await screen.findByRole('button', { name: 'Try Again' });
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Error', description: 'Failed to add employer' }),
    );
  });

  it('edits an employer under the title Edit Employer Details and can deactivate it', async () => {
    const employer = makeEmployer({ departments: ['Bar'], phone: '555-0100' });
    let sent: Record<string, unknown> = {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        routeFetch({
          'PATCH /api/employers/1': (init) => {
            sent = JSON.parse(String(init?.body));
            return jsonResponse({ ...employer, ...sent });
          },
          'GET /api/employers': () => jsonResponse([{ ...employer, ...sent }]),
        }),
      ),
    );
    const { dialog } = renderDialog(employer);
    expect(within(dialog).getByRole('heading', { name: 'Edit Employer Details' })).toBeVisible();
    expect(screen.getByLabelText(/Hourly rate/)).toHaveValue(24.5);
    expect(screen.getByRole('button', { name: 'Remove Bar' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Active' }));
    await save();
    await screen.findByRole('button', { name: 'Saved' });
    expect(sent).toMatchObject({ isActive: false, name: 'Blue Bottle Cafe', phone: '555-0100' });
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Success', description: 'Employer updated' }),
    );
  });

  it('says "Failed to update employer. Please try again." when an edit fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(routeFetch({ 'PATCH /api/employers/1': () => new Response('boom', { status: 500 }) })),
    );
    renderDialog(makeEmployer());
    await save();
    await screen.findByRole('button', { name: 'Try Again' });
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Error',
        description: 'Failed to update employer. Please try again.',
      }),
    );
  });
});
