import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { PremiumRule } from '../../../../shared/domain/premiums.ts';
import { newPremiumId, PREMIUM_MESSAGES, premiumFromDraft } from './premium-draft';
import { PremiumsEditor } from './premiums-editor';

function Harness({
  initial = [],
  onChange,
}: {
  initial?: PremiumRule[];
  onChange?: (premiums: PremiumRule[]) => void;
}) {
  const [premiums, setPremiums] = useState<PremiumRule[]>(initial);
  return (
    <PremiumsEditor
      value={premiums}
      onChange={(next) => {
        setPremiums(next);
        onChange?.(next);
      }}
      currency="USD"
    />
  );
}

const nights: PremiumRule = {
  id: 'n1ghts00',
  name: 'Nights',
  kind: 'fixed',
  centsPerHour: 200,
  window: { start: '22:00', end: '06:00' },
};

const list = () => screen.getByRole('list', { name: 'Premiums' });

describe('the premium editor', () => {
  it('says there are none, then adds a night premium in exact cents, shown in words', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    expect(screen.getByText('No premiums.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add premium' }));
    const editor = screen.getByRole('group', { name: 'New premium' });
    expect(within(editor).getByLabelText(/Premium name/)).toHaveFocus();
    await userEvent.type(within(editor).getByLabelText(/Premium name/), 'Nights');
    await userEvent.type(within(editor).getByLabelText(/Amount per hour \(\$\)/), '2.00');
    await userEvent.type(within(editor).getByLabelText('From'), '22:00');
    await userEvent.type(within(editor).getByLabelText('To'), '06:00');
    expect(within(editor).getByLabelText('To')).toHaveAccessibleDescription(
      'Runs past midnight, into the next day.',
    );
    await userEvent.click(within(editor).getByRole('button', { name: 'Add this premium' }));

    const saved = onChange.mock.lastCall?.[0] as PremiumRule[];
    expect(saved).toEqual([
      {
        id: expect.stringMatching(/^[a-z0-9]{8}$/),
        name: 'Nights',
        kind: 'fixed',
        centsPerHour: 200,
        window: { start: '22:00', end: '06:00' },
      },
    ]);
    expect(within(list()).getByText('Nights: +$2.00/h, 22:00–06:00')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'New premium' })).not.toBeInTheDocument();
  });

  it('adds a percentage premium switched on by hand, with a cap, on chosen days', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add premium' }));
    const editor = screen.getByRole('group', { name: 'New premium' });
    await userEvent.type(within(editor).getByLabelText(/Premium name/), 'Charge nurse');
    await userEvent.click(within(editor).getByRole('radio', { name: 'Percentage of the rate' }));
    await userEvent.type(within(editor).getByLabelText(/Percentage \(%\)/), '12.5');
    await userEvent.type(within(editor).getByLabelText(/At most/), '3');
    await userEvent.click(within(editor).getByRole('checkbox', { name: 'Saturday' }));
    await userEvent.click(within(editor).getByRole('checkbox', { name: 'Sunday' }));
    await userEvent.click(
      within(editor).getByRole('checkbox', { name: 'Only on shifts where I switch it on' }),
    );
    // Enter adds the premium, not the employer around it.
    await userEvent.type(within(editor).getByLabelText(/Premium name/), '{Enter}');
    expect(onChange.mock.lastCall?.[0]).toEqual([
      {
        id: expect.any(String),
        name: 'Charge nurse',
        kind: 'percent',
        basisPoints: 1250,
        capCentsPerHour: 300,
        days: [0, 6],
        manualOnly: true,
      },
    ]);
    expect(
      within(list()).getByText(
        'Charge nurse: +12.50% of the rate (at most $3.00/h), on shifts where it is switched on',
      ),
    ).toBeInTheDocument();
  });

  it('says what is wrong under each field and adds nothing', async () => {
    const onChange = vi.fn();
    render(<Harness initial={[nights]} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add premium' }));
    const editor = screen.getByRole('group', { name: 'New premium' });
    await userEvent.click(within(editor).getByRole('button', { name: 'Add this premium' }));
    expect(within(editor).getByLabelText(/Premium name/)).toHaveAccessibleDescription(
      PREMIUM_MESSAGES.name,
    );
    expect(within(editor).getByLabelText(/Amount per hour \(/)).toHaveAccessibleDescription(
      PREMIUM_MESSAGES.amount,
    );

    await userEvent.type(within(editor).getByLabelText(/Premium name/), 'nights');
    await userEvent.type(within(editor).getByLabelText(/Amount per hour \(/), '2.005');
    await userEvent.type(within(editor).getByLabelText('From'), '19:00');
    await userEvent.click(within(editor).getByRole('button', { name: 'Add this premium' }));
    expect(within(editor).getByLabelText(/Premium name/)).toHaveAccessibleDescription(
      PREMIUM_MESSAGES.nameTaken,
    );
    expect(within(editor).getByLabelText(/Amount per hour \(/)).toHaveAccessibleDescription(
      PREMIUM_MESSAGES.amount,
    );
    expect(within(editor).getByLabelText('To')).toHaveAccessibleDescription(
      PREMIUM_MESSAGES.windowBoth,
    );
    expect(onChange).not.toHaveBeenCalled();
  });

  it('edits a premium in place, keeping its id, and removes one', async () => {
    const onChange = vi.fn();
    render(<Harness initial={[nights]} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Nights' }));
    const editor = screen.getByRole('group', { name: 'Edit premium' });
    expect(within(editor).getByLabelText(/Amount per hour \(/)).toHaveValue('2.00');
    const amount = within(editor).getByLabelText(/Amount per hour \(/);
    await userEvent.clear(amount);
    await userEvent.type(amount, '2.50');
    await userEvent.click(within(editor).getByRole('checkbox', { name: 'On holidays' }));
    await userEvent.click(within(editor).getByRole('button', { name: 'Save premium' }));
    expect(onChange.mock.lastCall?.[0]).toEqual([{ ...nights, centsPerHour: 250, holidays: true }]);
    expect(
      within(list()).getByText('Nights: +$2.50/h, 22:00–06:00, on holidays'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Nights' }));
    expect(onChange.mock.lastCall?.[0]).toEqual([]);
    expect(screen.getByText('No premiums.')).toBeInTheDocument();
  });

  it('leaves the list as it was on Cancel', async () => {
    const onChange = vi.fn();
    render(<Harness initial={[nights]} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Nights' }));
    await userEvent.clear(screen.getByLabelText(/Premium name/));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(within(list()).getByText('Nights: +$2.00/h, 22:00–06:00')).toBeInTheDocument();
  });
});

describe('premium drafts', () => {
  it('make short ids of letters and digits, different each time', () => {
    const ids = new Set(Array.from({ length: 50 }, newPremiumId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]{8}$/);
  });

  it('refuse a window that starts and ends at the same time, and a percentage past 1000', () => {
    const result = premiumFromDraft(
      {
        id: 'x',
        name: 'Odd',
        kind: 'percent',
        percent: '1000.01',
        cap: 'abc',
        amount: '',
        days: [],
        windowStart: '08:00',
        windowEnd: '08:00',
        holidays: false,
        manualOnly: false,
      },
      [],
    );
    expect(result).toEqual({
      errors: {
        percent: PREMIUM_MESSAGES.percentRange,
        cap: PREMIUM_MESSAGES.cap,
        windowEnd: PREMIUM_MESSAGES.windowSame,
      },
    });
  });
});
