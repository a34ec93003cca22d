import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from './dropdown-menu';
import { SelectField } from './select-field';

const options = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
] as const;

function Schedule() {
  const [value, setValue] = useState<'weekly' | 'monthly'>('weekly');
  return (
    <SelectField
      id="schedule"
      label="Schedule"
      value={value}
      onValueChange={setValue}
      options={options}
    />
  );
}

function Page() {
  return (
    <>
      <header>
        <DropdownMenu>
          <DropdownMenuTrigger>Theme</DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuItem>Dark</DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </header>
      <main>
        <h1>Reports</h1>
        <Schedule />
      </main>
    </>
  );
}

/** What a screen reader cannot reach: an element under aria-hidden="true". */
const hidden = (element: Element) => element.closest('[aria-hidden="true"]') !== null;

describe('menus and pick-one lists', () => {
  it('open a list inside the landmark of its field, and leave the page readable', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Schedule' }));
    const list = await screen.findByRole('listbox');
    expect(screen.getByRole('main')).toContainElement(list);
    // Radix Select hid everything else; the heading and the header stay readable.
    expect(hidden(screen.getByRole('heading', { name: 'Reports' }))).toBe(false);
    expect(hidden(screen.getByRole('banner'))).toBe(false);
    await userEvent.click(screen.getByRole('option', { name: 'Monthly' }));
    expect(screen.getByRole('combobox', { name: 'Schedule' })).toHaveTextContent('Monthly');
  });

  it('open a menu inside the landmark of its button, not modal', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Theme' }));
    const menu = await screen.findByRole('menu');
    expect(screen.getByRole('banner')).toContainElement(menu);
    expect(hidden(screen.getByRole('main'))).toBe(false);
  });

  it('open a list inside the dialog of its field, and the page behind the dialog stays hidden', async () => {
    render(
      <>
        <main>
          <h1>Work Logs</h1>
        </main>
        <Dialog open>
          <DialogContent>
            <DialogTitle>Log Work Hours</DialogTitle>
            <DialogDescription>Record a shift.</DialogDescription>
            <Schedule />
          </DialogContent>
        </Dialog>
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Log Work Hours' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Schedule' }));
    const list = await screen.findByRole('listbox');
    expect(dialog).toContainElement(list);
    expect(hidden(dialog)).toBe(false);
    expect(hidden(screen.getByRole('heading', { name: 'Log Work Hours' }))).toBe(false);
    expect(hidden(screen.getByText('Work Logs', { selector: 'h1' }))).toBe(true);
  });
});
