// A change of an employer's tax asks which shifts it reaches, like a rate change, and a period or
// timesheet spanning it taxes each shift's gross by the tax of its date (decision 036).
import { spawnSync } from 'node:child_process';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer, addWorkLog } from '../../test/factories.ts';

// Friday 20 March 2026, 10:00 in New York (the user's zone): "today" is 2026-03-20.
const NOW = new Date('2026-03-20T14:00:00Z');

let ctx: TestContext;
let nurse: Session;
let clinic: number;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: object) =>
  callApi(ctx.app, method, url, nurse, body);

// The W-2 conversion: from 15 March her clinic withholds 20 % instead of her adding 8 %.
const CONVERSION = { taxMethod: 'deduct', taxRate: '20' };

beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
  nurse = await signUp(ctx.app, { firstName: 'Rosa', lastName: 'Diaz' });
  clinic = (
    await addEmployer(ctx.app, nurse, {
      name: 'Harbor Clinic',
      hourlyRate: '31.00',
      taxRate: '8',
      taxMethod: 'add',
      roundingStep: '15',
    })
  ).id;
  const shift = (date: string, startTime: string, endTime: string, breakDuration = 0) =>
    addWorkLog(ctx.app, nurse, { employerId: clinic, date, startTime, endTime, breakDuration });
  await shift('2026-03-03', '09:00', '16:15'); // A: 7:15 × $31 = $224.75
  await shift('2026-03-10', '09:00', '13:00'); // B: 4:00 × $31 = $124.00
  await shift('2026-03-17', '09:00', '17:00', 30); // C: 7:30 × $31 = $232.50
  await shift('2026-03-24', '10:00', '12:07'); // D: 127 min → 2:00 (nearest 15) × $31 = $62.00
});

describe('changing an employer’s tax', () => {
  it('asks which shifts it reaches before anything changes', async () => {
    const res = await call('PATCH', `/api/employers/${clinic}`, CONVERSION);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.applyChange).toBe(
      'Choose how the change applies: new shifts only, from a date, or every shift',
    );
    const [employer] = (await call('GET', '/api/employers')).json();
    expect(employer).toMatchObject({ taxMethod: 'add', taxRate: '8.00' });
    expect(employer.payRules).toHaveLength(1);
  });

  it('previews the total due of the shifts it reaches, for each way it can apply', async () => {
    const preview = (applyChange: object) =>
      call('POST', `/api/employers/${clinic}/change-preview`, { ...CONVERSION, applyChange });
    // From 15 March: C and D, $294.50 gross. Before: + 8 % ($23.56) = $318.06.
    // After: − 20 % ($58.90) = $235.60. The gross stays.
    const fromDate = await preview({ from: 'date', date: '2026-03-15' });
    expect(fromDate.statusCode, fromDate.body).toBe(200);
    expect(fromDate.json()).toEqual({
      shifts: 2,
      beforeCents: 29_450,
      afterCents: 29_450,
      beforeTotalCents: 31_806,
      afterTotalCents: 23_560,
    });
    // New shifts only (dated today or later): D alone, $62.00 + $4.96 or − $12.40.
    expect((await preview({ from: 'new' })).json()).toEqual({
      shifts: 1,
      beforeCents: 6_200,
      afterCents: 6_200,
      beforeTotalCents: 6_696,
      afterTotalCents: 4_960,
    });
    // Every shift: $643.25 gross; + $51.46 = $694.71, or − $128.65 = $514.60.
    expect((await preview({ from: 'every' })).json()).toEqual({
      shifts: 4,
      beforeCents: 64_325,
      afterCents: 64_325,
      beforeTotalCents: 69_471,
      afterTotalCents: 51_460,
    });
  });

  it('from a date: records the change and keeps the earlier tax for earlier shifts', async () => {
    const res = await call('PATCH', `/api/employers/${clinic}`, {
      ...CONVERSION,
      applyChange: { from: 'date', date: '2026-03-15' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ taxMethod: 'deduct', taxRate: '20.00' });
    expect(
      res
        .json()
        .payRules.map((v: Record<string, unknown>) => [v.effectiveFrom, v.taxMethod, v.taxRate]),
    ).toEqual([
      [null, 'add', '8.00'],
      ['2026-03-15', 'deduct', '20.00'],
    ]);
    const { versions, changes } = (
      await call('GET', `/api/employers/${clinic}/rate-history`)
    ).json();
    expect(versions.map((v: { taxMethod: string }) => v.taxMethod)).toEqual(['deduct', 'add']);
    expect(
      changes.map((c: Record<string, unknown>) => [
        c.field,
        c.oldValue,
        c.newValue,
        c.applies,
        c.appliesFrom,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['taxMethod', 'add', 'deduct', 'date', '2026-03-15'],
        ['taxRate', '8.00', '20.00', 'date', '2026-03-15'],
      ]),
    );
    expect(changes).toHaveLength(2);
  });

  it('the dashboard taxes each part of the month by its own tax', async () => {
    const stats = (await call('GET', '/api/dashboard/stats?period=month')).json();
    // A + B: $348.75 + 8 % ($27.90) = $376.65. C + D: $294.50 − 20 % ($58.90) = $235.60.
    expect(stats).toMatchObject({
      earnings: '643.25',
      taxCalculation: 'mixed',
      tax: '86.80',
      totalDue: '612.25',
    });
  });

  it('a CSV timesheet spanning the change states both taxes, each on its own shifts', async () => {
    const res = await call('POST', '/api/timesheets/generate', {
      employerId: clinic,
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      format: 'csv',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().timesheet).toMatchObject({
      totalEarnings: '643.25',
      tax: '86.80',
      totalDue: '612.25',
    });
    const bytes = (await call('GET', res.json().downloadUrl)).rawPayload;
    const rows: string[][] = parse(bytes, { bom: true, relax_column_count: false });
    const cell = (label: string) => rows.find((r) => r[0] === label)?.[1];
    expect(cell('Rounding (2026-03-01 to 2026-03-14)')).toBe(
      'Each shift rounded to the nearest 15 minutes (halves up), after the break',
    );
    expect(cell('Tax (2026-03-01 to 2026-03-14)')).toBe('8.00% added to the gross');
    expect(cell('Tax (2026-03-15 to 2026-03-31)')).toBe('20.00% deducted from the gross');
    expect(cell('Tax (8.00%) added (USD)')).toBe('27.90');
    expect(cell('Tax (20.00%) deducted (USD)')).toBe('58.90');
    expect(cell('Gross (USD)')).toBe('643.25');
    expect(cell('Total due (USD)')).toBe('612.25');
    // Rows keep the engine's figures: 7:15 and 2:00 as before the change.
    expect(rows.filter((r) => /^2026-03-/.test(r[0] ?? '')).map((r) => r[6])).toEqual([
      '7:15',
      '4:00',
      '7:30',
      '2:00',
    ]);
  });

  it('a PDF timesheet states each tax under the dates it covers', async () => {
    const res = await call('POST', '/api/timesheets/generate', {
      employerId: clinic,
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      format: 'pdf',
    });
    expect(res.statusCode, res.body).toBe(201);
    const bytes = (await call('GET', res.json().downloadUrl)).rawPayload;
    const run = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes });
    const text = run.stdout.toString().replace(/\s+/g, ' ');
    expect(text).toContain('Tax 8.00% added to the gross');
    expect(text).toContain('Tax 20.00% deducted from the gross');
    expect(text).toContain('Sun, Mar 1, 2026 – Sat, Mar 14, 2026:');
    expect(text).toContain('Sun, Mar 15, 2026 – Tue, Mar 31, 2026:');
    expect(text).toMatch(/Tax \(8\.00%\) added \+\$27\.90/);
    expect(text).toMatch(/Tax \(20\.00%\) deducted −\$58\.90/);
    expect(text).toContain('$612.25');
  });

  it('moves the change earlier: from a date, a value is compared with the rules of that date', async () => {
    const body = { ...CONVERSION, applyChange: { from: 'date', date: '2026-03-08' } };
    // The form shows 20 % deducted already (the latest rules); from 8 March it reaches B alone:
    // $124.00 + 8 % = $133.92 becomes $124.00 − 20 % = $99.20.
    const preview = await call('POST', `/api/employers/${clinic}/change-preview`, body);
    expect(preview.json()).toEqual({
      shifts: 1,
      beforeCents: 12_400,
      afterCents: 12_400,
      beforeTotalCents: 13_392,
      afterTotalCents: 9_920,
    });
    const res = await call('PATCH', `/api/employers/${clinic}`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res.json().payRules.map((v: Record<string, unknown>) => [v.effectiveFrom, v.taxMethod]),
    ).toEqual([
      [null, 'add'],
      ['2026-03-08', 'deduct'],
      ['2026-03-15', 'deduct'],
    ]);
    const { changes } = (await call('GET', `/api/employers/${clinic}/rate-history`)).json();
    // The record's old values are those of 8 March.
    expect(
      changes
        .slice(0, 2)
        .map((c: Record<string, unknown>) => [c.field, c.oldValue, c.newValue, c.appliesFrom]),
    ).toEqual(
      expect.arrayContaining([
        ['taxMethod', 'add', 'deduct', '2026-03-08'],
        ['taxRate', '8.00', '20.00', '2026-03-08'],
      ]),
    );
    // A: $224.75 + $17.98 = $242.73; B, C, D: $418.50 − $83.70 = $334.80.
    const stats = (await call('GET', '/api/dashboard/stats?period=month')).json();
    expect(stats).toMatchObject({ tax: '101.68', totalDue: '577.53' });
    // The same body again changes nothing more.
    const again = await call('POST', `/api/employers/${clinic}/change-preview`, body);
    expect(again.json().shifts).toBe(0);
  });

  it('for every shift: every version takes it, and a sheet states one tax again', async () => {
    const res = await call('PATCH', `/api/employers/${clinic}`, {
      taxMethod: 'none',
      applyChange: { from: 'every' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payRules.map((v: { taxMethod: string }) => v.taxMethod)).toEqual([
      'none',
      'none',
      'none',
    ]);
    const stats = (await call('GET', '/api/dashboard/stats?period=month')).json();
    expect(stats).toMatchObject({ taxCalculation: 'none', tax: '0.00', totalDue: '643.25' });
    const sheet = await call('POST', '/api/timesheets/generate', {
      employerId: clinic,
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      format: 'csv',
    });
    const rows: string[][] = parse((await call('GET', sheet.json().downloadUrl)).rawPayload, {
      bom: true,
    });
    // The rates' rules are the same on both sides of 15 March now: one set, undated.
    expect(rows.filter((r) => r[0]?.startsWith('Tax')).map((r) => r.slice(0, 2))).toEqual([
      ['Tax', 'None'],
    ]);
    expect(rows.find((r) => r[0] === 'Total due (USD)')?.[1]).toBe('643.25');
  });
});
