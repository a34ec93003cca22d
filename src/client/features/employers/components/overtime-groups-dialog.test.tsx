import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeEmployer, makeSettings } from '@/test/fixtures';
import { apiError, hang, json, mockApi, type Routes } from '@/test/mock-api';
import { findToast, renderWithProviders } from '@/test/render';
import type { EmployerGroup } from '../../../../shared/schemas/employer-groups.ts';
import { OvertimeGroupsDialog, repaidInWords } from './overtime-groups-dialog';

vi.setConfig({ testTimeout: 15_000 });

const north = makeEmployer({ id: 1, name: 'North', hourlyRate: '20.00' });
const south = makeEmployer({ id: 2, name: 'South', hourlyRate: '25.00' });
const east = makeEmployer({ id: 3, name: 'East' });
const west = makeEmployer({ id: 4, name: 'West' });

const usFederal = {
  preset: 'usFederal',
  workweekStartDay: 0,
  workweekStartTime: '00:00',
  weekly: { overMinutes: 2400, multiplierBp: 15_000 },
};

/** East and West already count their overtime together. */
const grace: EmployerGroup = {
  id: 9,
  name: 'Grace Health',
  overtime: { ...usFederal, preset: 'california' },
  employerIds: [3, 4],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const mercy: EmployerGroup = { ...grace, id: 10, name: 'Mercy Health', overtime: usFederal };

function show(routes: Routes = {}) {
  const api = mockApi({
    'GET /api/settings': makeSettings(),
    'GET /api/employers': [north, south, east, west],
    'GET /api/employer-groups': { groups: [grace] },
    ...routes,
  });
  const onOpenChange = vi.fn();
  renderWithProviders(<OvertimeGroupsDialog open onOpenChange={onOpenChange} />);
  return { api, onOpenChange, dialog: screen.getByRole('dialog', { name: 'Overtime groups' }) };
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save group' }));

async function startNew() {
  await userEvent.click(await screen.findByRole('button', { name: 'New group' }));
  return screen.findByRole('form', { name: 'New group' });
}

describe('repaidInWords', () => {
  const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  it('says how many shifts were paid again and how their pay moved, or that none was', () => {
    expect(repaidInWords({ shifts: 1, beforeCents: 20_000, afterCents: 29_000 }, money)).toBe(
      '1 shift paid again ($200.00 → $290.00)',
    );
    expect(repaidInWords({ shifts: 3, beforeCents: 100, afterCents: 50 }, money)).toBe(
      '3 shifts paid again ($1.00 → $0.50)',
    );
    expect(repaidInWords({ shifts: 0, beforeCents: 0, afterCents: 0 }, money)).toBe(
      "no shift's pay changed",
    );
  });
});

describe('the overtime groups dialog', () => {
  it('explains groups and lists each with its rules and its employers', async () => {
    const { dialog } = show();
    expect(dialog).toHaveAccessibleDescription(
      "Employers in a group count their hours together toward the group's overtime rules — for several sites of one employer. Each keeps its own rates, premiums and holidays.",
    );
    const list = await within(dialog).findByRole('list', { name: 'Your overtime groups' });
    const [item] = within(list).getAllByRole('listitem');
    expect(item).toHaveTextContent('Grace Health');
    expect(item).toHaveTextContent('California');
    expect(item).toHaveTextContent('East and West together');
    expect(within(item!).getByRole('button', { name: 'Edit Grace Health' })).toBeVisible();
    expect(within(item!).getByRole('button', { name: 'Delete Grace Health' })).toBeVisible();
  });

  it('shows a loading status while the groups load', () => {
    show({ 'GET /api/employer-groups': hang });
    expect(screen.getByRole('status', { name: 'Loading the overtime groups' })).toBeVisible();
  });

  it('offers Retry when the groups cannot be read', async () => {
    const { api } = show({ 'GET /api/employer-groups': apiError(500, 'internal_error', 'Boom') });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the overtime groups.');
    api.use({ 'GET /api/employer-groups': { groups: [grace] } });
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('East and West together')).toBeVisible();
  });

  it('invites a first group', async () => {
    show({ 'GET /api/employer-groups': { groups: [] } });
    expect(await screen.findByRole('heading', { name: 'No overtime groups yet' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'New group' }));
    expect(await screen.findByRole('form', { name: 'New group' })).toBeVisible();
  });

  it('says two employers are needed before a group', async () => {
    show({ 'GET /api/employer-groups': { groups: [] }, 'GET /api/employers': [north] });
    expect(
      await screen.findByText(
        'Add at least two employers first: a group counts two or more together.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'New group' })).not.toBeInTheDocument();
  });

  it('says what is missing under each field and sends nothing', async () => {
    const { api } = show();
    await startNew();
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
    await save();
    expect(await screen.findByText('Group name is required')).toBeVisible();
    expect(screen.getByLabelText(/^Name/)).toHaveAccessibleDescription('Group name is required');
    const members = screen.getByRole('group', { name: 'Employers (at least two)' });
    expect(members).toHaveAccessibleDescription('Choose at least two employers to count together');
    // One is not enough either.
    await userEvent.type(screen.getByLabelText(/^Name/), 'Mercy Health');
    await userEvent.click(checkbox('North'));
    await save();
    expect(members).toHaveAccessibleDescription('Choose at least two employers to count together');
    expect(api.calls('POST /api/employer-groups')).toEqual([]);
  });

  it('shows an employer in another group, which cannot be chosen', async () => {
    show();
    await startNew();
    expect(checkbox('East')).toBeDisabled();
    expect(checkbox('East')).toHaveAccessibleDescription('In Grace Health');
    expect(checkbox('West')).toBeDisabled();
    expect(checkbox('North')).toBeEnabled();
    expect(checkbox('North')).not.toHaveAccessibleDescription();
    expect(
      screen.getByText(
        "Saving pays every shift of these employers again under the group's overtime rules.",
      ),
    ).toBeVisible();
  });

  it('creates a group with the overtime rules chosen, says which pay moved, and lists it', async () => {
    const saved = { ...mercy, employerIds: [1, 2] };
    const { api } = show({
      'POST /api/employer-groups': () => {
        api.use({ 'GET /api/employer-groups': { groups: [grace, saved] } });
        return json(
          { ...saved, repaid: { shifts: 1, beforeCents: 20_000, afterCents: 29_000 } },
          201,
        );
      },
    });
    await startNew();
    await userEvent.type(screen.getByLabelText(/^Name/), 'Mercy Health');
    await userEvent.click(screen.getByRole('combobox', { name: 'Overtime' }));
    await userEvent.click(
      await screen.findByRole('option', { name: 'US federal (over 40 h a week)' }),
    );
    expect(screen.getByRole('list', { name: 'Overtime rules' })).toHaveTextContent(
      'Over 40 h a week',
    );
    await userEvent.click(checkbox('South'));
    await userEvent.click(checkbox('North'));
    await save();
    expect(
      await findToast('Mercy Health saved: 1 shift paid again ($200.00 → $290.00)'),
    ).toBeVisible();
    expect(api.calls('POST /api/employer-groups')[0]?.body).toEqual({
      name: 'Mercy Health',
      // The preset's thresholds filled in, as the employer form sends them.
      overtime: usFederal,
      employerIds: [2, 1],
    });
    // Back to the list, the new group in it, focus on its Edit button.
    expect(
      await screen.findByText('North and South together', {}, { timeout: 3000 }),
    ).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Edit Mercy Health' })).toHaveFocus(),
    );
  });

  it("shows the server's conflicts under their fields, keeping what was typed", async () => {
    const { api } = show({
      'POST /api/employer-groups': apiError(
        409,
        'conflict',
        'You already have a group with this name',
        {
          name: 'You already have a group with this name',
        },
      ),
    });
    await startNew();
    await userEvent.type(screen.getByLabelText(/^Name/), 'Grace Health');
    await userEvent.click(checkbox('North'));
    await userEvent.click(checkbox('South'));
    await save();
    await waitFor(() =>
      expect(screen.getByLabelText(/^Name/)).toHaveAccessibleDescription(
        'You already have a group with this name',
      ),
    );
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Grace Health');

    const taken =
      'South already counts its overtime with Grace Health: take it out of that group first';
    api.use({
      'POST /api/employer-groups': apiError(409, 'conflict', taken, { employerIds: taken }),
    });
    await userEvent.clear(screen.getByLabelText(/^Name/));
    await userEvent.type(screen.getByLabelText(/^Name/), 'Mercy Health');
    // The button shows Try Again for a moment after a failure; the form takes the submit all the same.
    await userEvent.click(screen.getByRole('button', { name: /Save group|Try Again/ }));
    await waitFor(() =>
      expect(
        screen.getByRole('group', { name: 'Employers (at least two)' }),
      ).toHaveAccessibleDescription(taken),
    );
    expect(checkbox('North')).toBeChecked();
    expect(api.calls('POST /api/employer-groups')).toHaveLength(2);
  });

  it('edits a group: its values filled in, saved with PATCH, and says when no pay changed', async () => {
    const { api } = show({
      'GET /api/employer-groups': { groups: [grace, { ...mercy, employerIds: [1, 2] }] },
      'PATCH /api/employer-groups/10': ({ body }) =>
        json({
          ...mercy,
          ...(body as object),
          repaid: { shifts: 0, beforeCents: 0, afterCents: 0 },
        }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Mercy Health' }));
    await screen.findByRole('form', { name: 'Edit Mercy Health' });
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Mercy Health');
    expect(screen.getByRole('combobox', { name: 'Overtime' })).toHaveTextContent('US federal');
    expect(checkbox('North')).toBeChecked();
    expect(checkbox('South')).toBeChecked();
    await userEvent.clear(screen.getByLabelText(/^Name/));
    await userEvent.type(screen.getByLabelText(/^Name/), 'Mercy System');
    await save();
    expect(await findToast("Mercy System saved: no shift's pay changed")).toBeVisible();
    expect(api.calls('PATCH /api/employer-groups/10')[0]?.body).toMatchObject({
      name: 'Mercy System',
      employerIds: [1, 2],
    });
  });

  it('asks before deleting, says the employers go back to their own rules, and says which pay moved', async () => {
    const { api } = show({
      'GET /api/employer-groups': { groups: [grace, { ...mercy, employerIds: [1, 2] }] },
      'DELETE /api/employer-groups/10': () => {
        api.use({ 'GET /api/employer-groups': { groups: [grace] } });
        return { shifts: 1, beforeCents: 29_000, afterCents: 20_000 };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Mercy Health' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Mercy Health?' });
    expect(confirm).toHaveTextContent(
      'North and South go back to their own overtime rules, and their shifts are paid again under them.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete group' }));
    expect(
      await findToast('Mercy Health deleted: 1 shift paid again ($290.00 → $200.00)'),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Mercy Health')).not.toBeInTheDocument();
    expect(api.calls('DELETE /api/employer-groups/10')).toHaveLength(1);
  });
});
