import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CopyField } from './copy-field';

describe('CopyField', () => {
  it('shows the value read-only, selects it on focus, copies it and says so', async () => {
    const user = userEvent.setup();
    render(
      <CopyField
        id="feed"
        label="Your calendar URL"
        hint="Keep it private."
        value="https://example.test/feed/abc.ics"
        what="calendar URL"
      />,
    );
    const field = screen.getByRole('textbox', { name: 'Your calendar URL' });
    expect(field).toHaveValue('https://example.test/feed/abc.ics');
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveAccessibleDescription('Keep it private.');
    await user.click(field);
    const input = field as HTMLInputElement;
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, input.value.length]);

    expect(screen.getByRole('status')).toHaveTextContent('');
    await user.click(screen.getByRole('button', { name: 'Copy calendar URL' }));
    expect(await navigator.clipboard.readText()).toBe('https://example.test/feed/abc.ics');
    expect(screen.getByRole('button', { name: 'Copied calendar URL' })).toHaveTextContent('Copied');
    expect(screen.getByRole('status')).toHaveTextContent('Calendar URL copied');
  });
});
