import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Combobox, type ComboboxOption, MAX_SHOWN_OPTIONS } from './combobox';

const fruit: ComboboxOption[] = [
  { value: 'apple', label: 'Apple' },
  { value: 'banana', label: 'Banana' },
  { value: 'cherry', label: 'Cherry', keywords: 'prunus' },
  { value: 'creme', label: 'Crème brûlée' },
];

function Harness({
  options = fruit,
  onChange = () => {},
}: {
  options?: ComboboxOption[] | (() => ComboboxOption[]);
  onChange?: (value: string) => void;
}) {
  const [value, setValue] = useState('banana');
  return (
    <Combobox
      id="fruit"
      label="Fruit"
      value={value}
      valueLabel={fruit.find((f) => f.value === value)?.label ?? value}
      onValueChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      options={options}
      searchLabel="Search fruit"
      emptyText="No fruit found"
      hint="Pick one."
    />
  );
}

const field = () => screen.getByRole('combobox', { name: 'Fruit' });
const search = () => screen.getByRole('combobox', { name: 'Search fruit' });

describe('the combobox', () => {
  it('is a collapsed combobox named by its label and showing the value', () => {
    render(<Harness />);
    expect(field()).toHaveTextContent('Banana');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(field()).toHaveAttribute('aria-haspopup', 'listbox');
    expect(field()).toHaveAccessibleDescription('Pick one.');
  });

  it('opens on click with the search box focused and the current value active', async () => {
    render(<Harness />);
    await userEvent.click(field());
    expect(search()).toHaveFocus();
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Search fruit' });
    expect(within(listbox).getAllByRole('option')).toHaveLength(4);
    const active = search().getAttribute('aria-activedescendant');
    expect(active && document.getElementById(active)).toHaveTextContent('Banana');
  });

  it('keeps the saved value selected for screen readers while the highlight moves', async () => {
    render(<Harness />);
    await userEvent.click(field());
    const highlighted = () => {
      const id = search().getAttribute('aria-activedescendant');
      return id ? document.getElementById(id) : null;
    };
    await userEvent.keyboard('{ArrowDown}');
    expect(highlighted()).toHaveTextContent('Cherry');
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('Banana');

    // Apple and Banana match; the first is highlighted, Banana is still the one chosen.
    await userEvent.type(search(), 'a');
    expect(highlighted()).toHaveTextContent('Apple');
    expect(screen.getByRole('option', { name: 'Apple' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('Banana');
  });

  it('filters as the user types, ignoring case and accents, and by keywords', async () => {
    render(<Harness />);
    await userEvent.click(field());
    await userEvent.type(search(), 'CREME');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Crème brûlée']);
    await userEvent.clear(search());
    await userEvent.type(search(), 'prunus');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Cherry']);
    expect(screen.getByRole('status')).toHaveTextContent('1 result');
  });

  it('says when nothing matches', async () => {
    render(<Harness />);
    await userEvent.click(field());
    await userEvent.type(search(), 'kiwi');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No fruit found')).toBeInTheDocument();
  });

  it('picks with the arrows and Enter, then closes and returns focus to the field', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    field().focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(search()).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}{Enter}');
    expect(onChange).toHaveBeenCalledWith('cherry');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(field()).toHaveTextContent('Cherry');
    expect(field()).toHaveFocus();
  });

  it('opens with a letter typed on the closed field as the search', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    field().focus();
    await userEvent.keyboard('a');
    expect(search()).toHaveValue('a');
    await userEvent.keyboard('p{Enter}');
    expect(onChange).toHaveBeenCalledWith('apple');
  });

  it('closes on Escape without changing the value', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(field());
    await userEvent.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(field()).toHaveFocus();
  });

  it('picks with a click', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(field());
    await userEvent.click(screen.getByRole('option', { name: 'Apple' }));
    expect(onChange).toHaveBeenCalledWith('apple');
    expect(field()).toHaveTextContent('Apple');
  });

  it('builds a list given as a function only when it opens', async () => {
    const build = vi.fn(() => fruit);
    render(<Harness options={build} />);
    expect(build).not.toHaveBeenCalled();
    await userEvent.click(field());
    expect(build).toHaveBeenCalled();
    expect(screen.getAllByRole('option')).toHaveLength(4);
  });

  it(`renders at most ${MAX_SHOWN_OPTIONS} options of a long list, and says how many more`, async () => {
    const many = Array.from({ length: 250 }, (_, i) => ({
      value: `v${i}`,
      label: `Item ${String(i).padStart(3, '0')}`,
    }));
    render(<Harness options={many} />);
    await userEvent.click(field());
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(MAX_SHOWN_OPTIONS);
    expect(options[0]).toHaveAttribute('aria-setsize', '250');
    expect(screen.getByText('150 more: type to narrow the list')).toBeInTheDocument();
    await userEvent.type(search(), 'Item 24');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Item 24${i}`),
    );
  });
});
