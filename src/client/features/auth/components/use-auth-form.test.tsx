import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Checked } from '../auth-form-rules';
import { useAuthForm } from './use-auth-form';

type Raw = Record<'email', string>;

function Form({
  check,
  send,
}: {
  check: (raw: Raw) => Promise<Checked<'email', Raw>>;
  send: (values: Raw) => void;
}) {
  const form = useAuthForm(['email'] as const, check);
  return (
    <form onSubmit={form.handleSubmit(send)} onChange={form.onChange} noValidate>
      <label htmlFor="email">Email</label>
      <input id="email" name="email" />
      <p>{form.errors.email}</p>
      <button type="submit">Send</button>
    </form>
  );
}

describe('the light auth form', () => {
  it('sends the values as typed when the schemas cannot be loaded, for the server to check', async () => {
    const send = vi.fn();
    render(<Form check={() => Promise.reject(new TypeError('Failed to fetch'))} send={send} />);
    await userEvent.type(screen.getByLabelText('Email'), ' Sam@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(send).toHaveBeenCalledWith({ email: ' Sam@Example.com' }));
  });

  it('shows the messages of a failed check, focuses the field and sends nothing', async () => {
    const send = vi.fn();
    const check = async () => ({ ok: false as const, errors: { email: 'Not an address' } });
    render(<Form check={check} send={send} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Not an address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(send).not.toHaveBeenCalled();
  });
});
