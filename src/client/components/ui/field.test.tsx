import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Field } from './field';
import { Input } from './input';
import { Switch } from './switch';

describe('the field', () => {
  it('names its control by its label, which focuses the control when clicked', async () => {
    render(
      <Field id="email" label="Email">
        <Input />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('id', 'email');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
    await userEvent.click(screen.getByText('Email'));
    expect(input).toHaveFocus();
  });

  it('is described by its hint, then by its error too, and invalid while it has one', () => {
    const { rerender } = render(
      <Field id="password" label="Password" hint="8 to 128 characters.">
        <Input />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Password' });
    expect(input).toHaveAccessibleDescription('8 to 128 characters.');
    expect(input).toHaveAttribute('aria-describedby', 'password-hint');

    rerender(
      <Field id="password" label="Password" hint="8 to 128 characters." error="Too short">
        <Input />
      </Field>,
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', 'password-hint password-error');
    expect(input).toHaveAccessibleDescription('8 to 128 characters. Too short');
    expect(screen.getByText('Too short')).toHaveAttribute('id', 'password-error');

    rerender(
      <Field id="password" label="Password" hint="8 to 128 characters.">
        <Input />
      </Field>,
    );
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Too short')).not.toBeInTheDocument();
  });

  it('marks a required field on the label (hidden from readers) and on the control', () => {
    render(
      <Field id="name" label="Employer name" required>
        <Input />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Employer name' });
    expect(input).toBeRequired();
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it("keeps the control's own description before its hint and error", () => {
    render(
      <>
        <p id="note">Shown above.</p>
        <Field id="to" label="To" hint="Up to 10 addresses." error="Enter an address">
          <Input aria-describedby="note" />
        </Field>
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'To' })).toHaveAccessibleDescription(
      'Shown above. Up to 10 addresses. Enter an address',
    );
  });

  it('hands the props to a nested control through a function', () => {
    render(
      <Field id="code" label="Code" error="Six digits">
        {(control) => (
          <div>
            <Input {...control} />
          </div>
        )}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Code' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Six digits');
  });

  it('names a switch beside its label and hint, and can name a control for readers only', () => {
    render(
      <>
        <Field id="notes" label="Include notes" hint="Each entry's note." layout="inline">
          <Switch />
        </Field>
        <Field id="search" label="Search employers" hideLabel>
          <Input />
        </Field>
      </>,
    );
    expect(screen.getByRole('switch', { name: 'Include notes' })).toHaveAccessibleDescription(
      "Each entry's note.",
    );
    expect(screen.getByText('Search employers')).toHaveClass('sr-only');
    expect(screen.getByRole('textbox', { name: 'Search employers' })).toBeInTheDocument();
  });
});
