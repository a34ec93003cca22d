import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DepartmentsInput } from './departments-input';

function Harness({
  initial = [],
  onSubmit = vi.fn(),
}: {
  initial?: string[];
  onSubmit?: () => void;
}) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <DepartmentsInput id="departments" label="Departments" value={value} onChange={setValue} />
      <output data-testid="value">{value.join('|')}</output>
    </form>
  );
}

const input = () => screen.getByLabelText('Departments');
const value = () => screen.getByTestId('value').textContent;

describe('the departments input', () => {
  it('adds a trimmed department on Enter without submitting the form', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    await userEvent.type(input(), '  Kitchen  {Enter}');
    expect(value()).toBe('Kitchen');
    expect(input()).toHaveValue('');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Remove Kitchen' })).toBeInTheDocument();
  });

  it('adds a department with the plus button', async () => {
    render(<Harness />);
    await userEvent.type(input(), 'Front of house');
    await userEvent.click(screen.getByRole('button', { name: 'Add department' }));
    expect(value()).toBe('Front of house');
  });

  it('ignores an empty or blank entry', async () => {
    render(<Harness />);
    await userEvent.type(input(), '   {Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Add department' }));
    expect(value()).toBe('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a duplicate in any letter case and says so beside the field', async () => {
    render(<Harness initial={['Kitchen']} />);
    await userEvent.type(input(), 'kitchen{Enter}');
    expect(value()).toBe('Kitchen');
    expect(screen.getByText('Each department can be added only once')).toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input()).toHaveValue('kitchen');

    await userEvent.type(input(), 's');
    expect(screen.queryByText('Each department can be added only once')).not.toBeInTheDocument();
  });

  it('refuses a department with a line break inside and says so beside the field', async () => {
    render(<Harness />);
    await userEvent.type(input(), 'Bar\u2028=1+1{Enter}');
    expect(value()).toBe('');
    expect(screen.getByRole('alert')).toHaveTextContent('Department names must be on one line');
  });

  it('removes a department with its labelled button and gives focus back to the input', async () => {
    render(<Harness initial={['Kitchen', 'Bar']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Kitchen' }));
    expect(value()).toBe('Bar');
    expect(input()).toHaveFocus();
  });
});
