import type { Employer } from '../../../../shared/schemas/employers.ts';

export const employmentTypeLabels: Record<Employer['employmentType'], string> = {
  'full-time': 'Full-time',
  'part-time': 'Part-time',
  contract: 'Contract',
  freelance: 'Freelance',
};

export const scheduleLabels: Record<Employer['timesheetSchedule'], string> = {
  weekly: 'Weekly',
  biweekly: 'Bi-Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};
