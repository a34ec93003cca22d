import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { TimeFormat, TwelveHourTime } from '../../../../shared/domain/index.ts';
import { TimeInput } from './time-input';
import { readTime } from './time-reading';

function Harness({
  initial,
  format = '12-hour',
}: {
  initial: TwelveHourTime;
  format?: TimeFormat;
}) {
  const [value, setValue] = useState(initial);
  const reading = readTime(value, format);
  return (
    <>
      <TimeInput id="t" label="End time" format={format} value={value} onChange={setValue} />
      <output data-testid="sent">{reading.ok ? reading.clock : reading.message}</output>
    </>
  );
}

const nine: TwelveHourTime = { hour: '09', minute: '00', period: 'AM' };
const sent = () => screen.getByTestId('sent');

async function typeInto(label: string, text: string) {
  const field = screen.getByLabelText(label);
  await userEvent.clear(field);
  if (text) await userEvent.type(field, text);
  await userEvent.tab();
  return field;
}

describe('the time input', () => {
  it('reads 17 as 5 PM, switching AM to PM, instead of clamping it to 12', async () => {
    render(<Harness initial={nine} />);
    expect(await typeInto('End time hour', '17')).toHaveValue('05');
    expect(screen.getByRole('radio', { name: 'PM' })).toBeChecked();
    expect(sent()).toHaveTextContent('17:00');
  });

  it('reads 0 as 12 AM and keeps the chosen AM/PM for 1 to 12', async () => {
    render(<Harness initial={{ ...nine, period: 'PM' }} />);
    expect(await typeInto('End time hour', '0')).toHaveValue('12');
    expect(screen.getByRole('radio', { name: 'AM' })).toBeChecked();
    expect(sent()).toHaveTextContent('00:00');
    await userEvent.click(screen.getByRole('radio', { name: 'PM' }));
    expect(await typeInto('End time hour', '7')).toHaveValue('07');
    expect(screen.getByRole('radio', { name: 'PM' })).toBeChecked();
    expect(sent()).toHaveTextContent('19:00');
  });

  it('leaves an hour of 24 or 99 and minutes of 75 as typed, with a message instead of a time', async () => {
    render(<Harness initial={nine} />);
    expect(await typeInto('End time hour', '24')).toHaveValue('24');
    expect(sent()).toHaveTextContent('Enter an hour from 1 to 12, or 0 to 23 for 24-hour time');
    expect(await typeInto('End time hour', '99')).toHaveValue('99');
    await typeInto('End time hour', '10');
    expect(await typeInto('End time minutes', '75')).toHaveValue('75');
    expect(sent()).toHaveTextContent('Enter minutes from 00 to 59');
  });

  it('keeps letters as typed rather than dropping them, so the message can say why', async () => {
    render(<Harness initial={nine} />);
    expect(await typeInto('End time hour', '1o')).toHaveValue('1o');
    expect(sent()).toHaveTextContent('Enter an hour from 1 to 12');
  });

  it('pads a short hour and an empty minute field when a readable time is left', async () => {
    render(<Harness initial={nine} />);
    expect(await typeInto('End time minutes', '')).toHaveValue('00');
    expect(await typeInto('End time minutes', '5')).toHaveValue('05');
    expect(sent()).toHaveTextContent('09:05');
  });

  it('fills the whole time from "5:30 pm" pasted into the hour box', async () => {
    render(<Harness initial={nine} />);
    const hour = screen.getByLabelText('End time hour');
    await userEvent.clear(hour);
    await userEvent.paste('5:30 pm');
    await userEvent.tab();
    expect(screen.getByLabelText('End time hour')).toHaveValue('05');
    expect(screen.getByLabelText('End time minutes')).toHaveValue('30');
    expect(sent()).toHaveTextContent('17:30');
  });

  it('reads AM/PM as chosen: 12 AM is 00, 12 PM is 12, PM adds 12', async () => {
    render(<Harness initial={nine} />);
    await userEvent.click(screen.getByRole('radio', { name: 'PM' }));
    expect(sent()).toHaveTextContent('21:00');
    await typeInto('End time hour', '12');
    expect(sent()).toHaveTextContent('12:00');
    await userEvent.click(screen.getByRole('radio', { name: 'AM' }));
    expect(sent()).toHaveTextContent('00:00');
  });

  it('takes an AM chosen after 17 was typed as 5 AM', async () => {
    render(<Harness initial={nine} />);
    const hour = screen.getByLabelText('End time hour');
    await userEvent.clear(hour);
    await userEvent.type(hour, '17');
    await userEvent.click(screen.getByRole('radio', { name: 'AM' }));
    expect(hour).toHaveValue('05');
    expect(sent()).toHaveTextContent('05:00');
  });

  it('groups its three parts under the label and ties a message to the boxes', () => {
    render(
      <TimeInput
        id="t"
        label="End time"
        format="12-hour"
        value={nine}
        onChange={() => {}}
        error="Enter minutes"
      />,
    );
    const group = screen.getByRole('group', { name: 'End time' });
    expect(group).toContainElement(screen.getByRole('radiogroup', { name: 'End time AM or PM' }));
    expect(screen.getByLabelText('End time hour')).toHaveAccessibleDescription('Enter minutes');
    expect(screen.getByLabelText('End time minutes')).toBeInvalid();
  });

  it('reads an hour typed with a leading zero as morning, even when PM was chosen', async () => {
    render(<Harness initial={{ hour: '10', minute: '00', period: 'PM' }} />);
    expect(await typeInto('End time hour', '06')).toHaveValue('06');
    expect(screen.getByRole('radio', { name: 'AM' })).toBeChecked();
    expect(sent()).toHaveTextContent('06:00');
    await userEvent.click(screen.getByRole('radio', { name: 'PM' }));
    expect(await typeInto('End time hour', '09')).toHaveValue('09');
    expect(screen.getByRole('radio', { name: 'AM' })).toBeChecked();
    // Without the zero, 1–12 keep the chosen AM/PM; 13–23 are still 24-hour time.
    await userEvent.click(screen.getByRole('radio', { name: 'PM' }));
    expect(await typeInto('End time hour', '6')).toHaveValue('06');
    expect(sent()).toHaveTextContent('18:00');
    await userEvent.click(screen.getByRole('radio', { name: 'AM' }));
    await typeInto('End time hour', '18');
    expect(screen.getByRole('radio', { name: 'PM' })).toBeChecked();
    expect(sent()).toHaveTextContent('18:00');
  });

  it('reads "06:30" pasted into the hour box as 6:30 AM, whatever AM/PM said', async () => {
    render(<Harness initial={{ hour: '10', minute: '00', period: 'PM' }} />);
    const hour = screen.getByLabelText('End time hour');
    await userEvent.clear(hour);
    await userEvent.paste('06:30');
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: 'AM' })).toBeChecked();
    expect(sent()).toHaveTextContent('06:30');
  });
});

describe('the time input of a user who reads 24-hour time', () => {
  const seventeen: TwelveHourTime = { hour: '17', minute: '00', period: 'PM' };

  it('has an hour and a minute box and no AM/PM choice', () => {
    render(<Harness initial={seventeen} format="24-hour" />);
    const group = screen.getByRole('group', { name: 'End time' });
    expect(group).toContainElement(screen.getByLabelText('End time hour'));
    expect(group).toContainElement(screen.getByLabelText('End time minutes'));
    expect(screen.getByLabelText('End time hour')).toHaveValue('17');
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('reads 22:00 and then 06:30 as typed, never as PM', async () => {
    render(<Harness initial={seventeen} format="24-hour" />);
    expect(await typeInto('End time hour', '22')).toHaveValue('22');
    expect(sent()).toHaveTextContent('22:00');
    expect(await typeInto('End time hour', '6')).toHaveValue('06');
    await typeInto('End time minutes', '30');
    expect(sent()).toHaveTextContent('06:30');
    expect(await typeInto('End time hour', '0')).toHaveValue('00');
    expect(sent()).toHaveTextContent('00:30');
  });

  it('refuses an hour past 23 with a 24-hour message, keeping what was typed', async () => {
    render(<Harness initial={seventeen} format="24-hour" />);
    expect(await typeInto('End time hour', '24')).toHaveValue('24');
    expect(sent()).toHaveTextContent('Enter an hour from 00 to 23');
    expect(await typeInto('End time hour', '')).toHaveValue('');
    expect(sent()).toHaveTextContent('Enter an hour from 00 to 23');
  });

  it('puts "5:30 pm" pasted into the hour box as 17:30', async () => {
    render(<Harness initial={seventeen} format="24-hour" />);
    const hour = screen.getByLabelText('End time hour');
    await userEvent.clear(hour);
    await userEvent.paste('5:30 pm');
    await userEvent.tab();
    expect(screen.getByLabelText('End time hour')).toHaveValue('17');
    expect(screen.getByLabelText('End time minutes')).toHaveValue('30');
    expect(sent()).toHaveTextContent('17:30');
  });
});
