import { describe, expect, it } from 'vitest';
import { newLogDefaults, usualShift } from './new-log-defaults';

let id = 0;
const shift = (employerId: number, startTime: string, endTime: string, createdAt: string) => ({
  id: ++id,
  employerId,
  startTime,
  endTime,
  createdAt,
});
const anyone = () => true;

describe('what a new work log starts with', () => {
  it('nothing without shifts', () => {
    expect(newLogDefaults([], anyone)).toBeNull();
  });

  it("the employer logged last, by creation, not by the shift's date", () => {
    const shifts = [
      shift(1, '09:00', '17:00', '2026-11-20T10:00:00Z'),
      shift(2, '07:00', '15:00', '2026-11-24T10:00:00Z'),
      shift(1, '09:00', '17:00', '2026-11-22T10:00:00Z'),
    ];
    expect(newLogDefaults(shifts, anyone)).toEqual({
      employerId: 2,
      startTime: '07:00',
      endTime: '15:00',
      breakDuration: 0,
    });
  });

  it("that employer's most common start and end, whatever the other employers' hours", () => {
    const shifts = [
      shift(1, '22:00:00', '06:30:00', '2026-11-01T10:00:00Z'),
      shift(1, '22:00', '06:30', '2026-11-02T10:00:00Z'),
      shift(2, '08:00', '12:00', '2026-11-03T10:00:00Z'),
      shift(2, '08:00', '12:00', '2026-11-04T10:00:00Z'),
      shift(2, '08:00', '12:00', '2026-11-04T11:00:00Z'),
      shift(1, '18:00', '23:00', '2026-11-05T10:00:00Z'),
    ];
    expect(newLogDefaults(shifts, anyone)).toEqual({
      employerId: 1,
      startTime: '22:00',
      endTime: '06:30',
      breakDuration: 0,
    });
  });

  it('on a tie, the pair logged most recently', () => {
    const shifts = [
      shift(1, '09:00', '17:00', '2026-11-01T10:00:00Z'),
      shift(1, '10:00', '18:00', '2026-11-03T10:00:00Z'),
      shift(1, '09:00', '17:00', '2026-11-02T10:00:00Z'),
      shift(1, '10:00', '18:00', '2026-11-04T10:00:00Z'),
    ];
    expect(newLogDefaults(shifts, anyone)).toMatchObject({ startTime: '10:00', endTime: '18:00' });
  });

  it('the later id when two were created at the same instant', () => {
    const shifts = [
      shift(1, '09:00', '17:00', '2026-11-01T10:00:00Z'),
      shift(3, '06:00', '14:00', '2026-11-01T10:00:00Z'),
    ];
    expect(newLogDefaults(shifts, anyone)?.employerId).toBe(3);
  });

  it('nothing when that employer cannot be chosen (made inactive since)', () => {
    const shifts = [shift(4, '09:00', '17:00', '2026-11-01T10:00:00Z')];
    expect(newLogDefaults(shifts, (employerId) => employerId !== 4)).toBeNull();
  });
});

describe("an employer's usual shift (decision 045)", () => {
  const timed = (
    employerId: number,
    startTime: string,
    endTime: string,
    breakDuration: number,
    createdAt: string,
  ) => ({ ...shift(employerId, startTime, endTime, createdAt), breakDuration });

  it('none without shifts of that employer', () => {
    expect(usualShift([], 1)).toBeNull();
    expect(usualShift([timed(2, '09:00', '17:00', 0, '2026-11-01T10:00:00Z')], 1)).toBeNull();
  });

  it('the most frequent start, end and break together: a different break is another shift', () => {
    const shifts = [
      timed(1, '22:00', '06:30', 30, '2026-11-01T10:00:00Z'),
      timed(1, '22:00', '06:30', 30, '2026-11-02T10:00:00Z'),
      timed(1, '22:00', '06:30', 0, '2026-11-03T10:00:00Z'),
      timed(1, '09:00', '17:00', 0, '2026-11-04T10:00:00Z'),
      timed(2, '09:00', '17:00', 0, '2026-11-05T10:00:00Z'),
      timed(2, '09:00', '17:00', 0, '2026-11-06T10:00:00Z'),
    ];
    expect(usualShift(shifts, 1)).toEqual({
      startTime: '22:00',
      endTime: '06:30',
      breakDuration: 30,
    });
  });

  it('only the 20 most recently logged shifts count', () => {
    const old = Array.from({ length: 15 }, (_, i) =>
      timed(1, '06:00', '14:00', 0, `2026-10-${String(i + 1).padStart(2, '0')}T10:00:00Z`),
    );
    const recent = Array.from({ length: 20 }, (_, i) =>
      timed(
        1,
        i % 2 ? '06:00' : '14:00',
        i % 2 ? '14:00' : '22:00',
        15,
        `2026-11-${String(i + 1).padStart(2, '0')}T10:00:00Z`,
      ),
    );
    // 10 and 10 among the newest 20; the 15 older early shifts are not counted, and on the tie
    // the most recently logged (20 Nov, index 19: 06:00–14:00) wins.
    expect(usualShift([...old, ...recent], 1)).toEqual({
      startTime: '06:00',
      endTime: '14:00',
      breakDuration: 15,
    });
    expect(usualShift([...old, ...recent.slice(0, 19)], 1)).toEqual({
      startTime: '14:00',
      endTime: '22:00',
      breakDuration: 15,
    });
  });
});
