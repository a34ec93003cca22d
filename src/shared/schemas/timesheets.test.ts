import { describe, expect, it } from 'vitest';
import { generateTimesheetBodySchema } from './timesheets.ts';

const problems = (body: unknown) =>
  generateTimesheetBodySchema
    .safeParse(body)
    .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('the report request', () => {
  it('names every problem at once, the range and the recipient included', () => {
    expect(problems({ startDate: '2026-02-01', endDate: '2026-01-01', emailReport: true })).toEqual(
      [
        'employerId: Please select an employer',
        'endDate: End date must be on or after the start date',
        'emailTo: Valid email address is required when email report is selected',
      ],
    );
  });

  it('never throws on values of the wrong type, and refuses them with messages', () => {
    const found = problems({ employerId: [], startDate: 5, endDate: null, emailReport: 'yes' });
    expect(found).toEqual(
      expect.arrayContaining([
        'employerId: Please select an employer',
        'startDate: Please select a start date',
        'endDate: Please select an end date',
      ]),
    );
  });

  it('never throws on a body that is not an object at all', () => {
    for (const body of [null, [], [{}], 42, 'text', true]) {
      expect(problems(body)?.length, JSON.stringify(body)).toBeGreaterThan(0);
    }
  });

  it('accepts a whole range with a recipient', () => {
    expect(
      problems({
        employerId: 3,
        startDate: '2026-10-01',
        endDate: '2026-10-31',
        emailReport: true,
        emailTo: 'payroll@example.com',
      }),
    ).toBeUndefined();
  });
});
