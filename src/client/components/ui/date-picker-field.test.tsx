import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DatePickerField } from './date-picker-field';

function Harness({ initial = '', error }: { initial?: string; error?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <DatePickerField
      id="start"
      label="Start date"
      value={value}
      onChange={setValue}
      today="2026-03-04"
      error={error}
      required
    />
  );
}

describe('the date picker field', () => {
  it('is a button named by its label and then the day it shows', () => {
    render(<Harness initial="2026-03-01" />);
    const button = screen.getByRole('button', { name: /^Start date/ });
    expect(button).toHaveTextContent('Sun, Mar 1, 2026');
    expect(button).toHaveAttribute('aria-labelledby', 'start-label start');
  });

  it('asks for a date while it has none', () => {
    render(<Harness />);
    expect(screen.getByRole('button', { name: /^Start date/ })).toHaveTextContent('Pick a date');
  });

  it("opens a calendar on today's month when empty, and closes with the day picked", async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: /^Start date/ }));
    const calendar = await screen.findByRole('dialog', { name: 'Choose the start date' });
    expect(await screen.findByRole('grid', { name: 'March 2026' })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: /March 9th, 2026/ }));

    expect(calendar).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Start date/ })).toHaveTextContent(
      'Mon, Mar 9, 2026',
    );
  });

  it('shows its error and points at it', () => {
    render(<Harness error="Start date is required" />);
    const button = screen.getByRole('button', { name: /^Start date/ });
    expect(button).toHaveAttribute('aria-invalid', 'true');
    expect(button).toHaveAccessibleDescription('Start date is required');
  });
});
