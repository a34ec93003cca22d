import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SelectField } from './select-field';

const options = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'biweekly', label: 'Bi-Weekly' },
] as const;

function Harness({ error }: { error?: string }) {
  const [value, setValue] = useState<'weekly' | 'biweekly'>('weekly');
  return (
    <SelectField
      id="schedule"
      label="Timesheet schedule"
      value={value}
      onValueChange={setValue}
      options={options}
      hint="How often you send a timesheet."
      error={error}
      required
    />
  );
}

describe('the select field', () => {
  it('is a combobox named by its label and described by its hint', () => {
    render(<Harness />);
    const select = screen.getByRole('combobox', { name: 'Timesheet schedule' });
    expect(select).toHaveTextContent('Weekly');
    expect(select).toHaveAccessibleDescription('How often you send a timesheet.');
    expect(select).toHaveAttribute('aria-required', 'true');
    expect(select).not.toHaveAttribute('aria-invalid');
  });

  it('changes its value from the list', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Timesheet schedule' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Bi-Weekly' }));
    expect(screen.getByRole('combobox', { name: 'Timesheet schedule' })).toHaveTextContent(
      'Bi-Weekly',
    );
  });

  it('shows its error under it, invalid and described by hint and error', () => {
    render(<Harness error="Choose a timesheet schedule from the list" />);
    const select = screen.getByRole('combobox', { name: 'Timesheet schedule' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription(
      'How often you send a timesheet. Choose a timesheet schedule from the list',
    );
  });

  it('can be named for screen readers only, and hands its trigger to a ref to focus', () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <SelectField
        id="employer"
        label="Filter by employer"
        hideLabel
        value="all"
        onValueChange={() => {}}
        options={[{ value: 'all', label: 'All Employers' }]}
        ref={ref}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Filter by employer' });
    expect(screen.getByText('Filter by employer')).toHaveClass('sr-only');
    ref.current?.focus();
    expect(select).toHaveFocus();
  });
});
