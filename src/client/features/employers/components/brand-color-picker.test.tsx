import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { BrandColor } from '@/lib/brand-colors';
import { BrandColorPicker } from './brand-color-picker';

function Picker() {
  const [color, setColor] = useState<BrandColor>('blue');
  return (
    <>
      <span id="label">Brand colour</span>
      <BrandColorPicker id="c" value={color} onChange={setColor} aria-labelledby="label" />
    </>
  );
}

describe('the brand colour picker', () => {
  it('is one labelled radio group of the eight named colours with the current one checked', () => {
    render(<Picker />);
    const group = screen.getByRole('radiogroup', { name: 'Brand colour' });
    expect(group).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual([
      'blue',
      'green',
      'purple',
      'orange',
      'red',
      'pink',
      'indigo',
      'teal',
    ]);
    expect(screen.getByRole('radio', { name: 'Blue' })).toBeChecked();
  });

  it('checks the next colour on a quick arrow press, whose key is up before focus moves', async () => {
    render(<Picker />);
    const blue = screen.getByRole('radio', { name: 'Blue' });
    blue.focus();
    fireEvent.keyDown(blue, { key: 'ArrowRight' });
    fireEvent.keyUp(blue, { key: 'ArrowRight' });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Green' })).toBeChecked());
    expect(screen.getByRole('radio', { name: 'Green' })).toHaveFocus();
    expect(blue).not.toBeChecked();
  });
});
