import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type TwelveHourTime, toTwentyFourHour } from '../../../../shared/domain/index.ts';
import { clampHour, clampMinute, TimeInput } from './time-input';

function Harness({ initial }: { initial: TwelveHourTime }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TimeInput id="t" label="Start time" value={value} onChange={setValue} />
      <output data-testid="sent">{value.hour ? toTwentyFourHour(value) : 'none'}</output>
    </>
  );
}

const nine: TwelveHourTime = { hour: '09', minute: '00', period: 'AM' };

async function typeInto(label: string, text: string) {
  const field = screen.getByLabelText(label);
  await userEvent.clear(field);
  if (text) await userEvent.type(field, text);
  await userEvent.tab();
  return field;
}

describe('the time input', () => {
  it('clamps the hour to 1–12 when the field is left, turning 0 into 12', async () => {
    render(<Harness initial={nine} />);
    expect(await typeInto('Start time hour', '0')).toHaveValue('12');
    expect(await typeInto('Start time hour', '13')).toHaveValue('12');
    expect(await typeInto('Start time hour', '7')).toHaveValue('07');
  });

  it('clamps the minutes to at most 59 and fills an empty minute field with 00', async () => {
    render(<Harness initial={nine} />);
    expect(await typeInto('Start time minutes', '75')).toHaveValue('59');
    expect(await typeInto('Start time minutes', '5')).toHaveValue('05');
    expect(await typeInto('Start time minutes', '')).toHaveValue('00');
  });

  it('accepts digits only, two at most', async () => {
    render(<Harness initial={nine} />);
    const hour = screen.getByLabelText('Start time hour');
    await userEvent.clear(hour);
    await userEvent.type(hour, 'a1b0c5');
    expect(hour).toHaveValue('10');
  });

  it('converts hh:mm plus AM/PM to 24-hour time: 12 AM is 00, 12 PM is 12, PM adds 12', async () => {
    render(<Harness initial={nine} />);
    expect(screen.getByTestId('sent')).toHaveTextContent('09:00');
    await userEvent.click(screen.getByRole('radio', { name: 'PM' }));
    expect(screen.getByTestId('sent')).toHaveTextContent('21:00');
    await typeInto('Start time hour', '12');
    expect(screen.getByTestId('sent')).toHaveTextContent('12:00');
    await userEvent.click(screen.getByRole('radio', { name: 'AM' }));
    expect(screen.getByTestId('sent')).toHaveTextContent('00:00');
  });

  it('groups its three parts under the label', () => {
    render(<Harness initial={nine} />);
    const group = screen.getByRole('group', { name: 'Start time' });
    expect(group).toContainElement(screen.getByRole('radiogroup', { name: 'Start time AM or PM' }));
    expect(screen.getByRole('radio', { name: 'AM' })).toBeChecked();
  });
});

describe('the clamping helpers', () => {
  it('follow SPEC.md §5 exactly', () => {
    expect([
      clampHour('0'),
      clampHour('00'),
      clampHour('1'),
      clampHour('12'),
      clampHour('99'),
    ]).toEqual(['12', '12', '01', '12', '12']);
    expect(clampHour('')).toBe('');
    expect([clampMinute(''), clampMinute('9'), clampMinute('59'), clampMinute('60')]).toEqual([
      '00',
      '09',
      '59',
      '59',
    ]);
  });
});
