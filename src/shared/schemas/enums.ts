export const employmentTypes = ['full-time', 'part-time', 'contract', 'freelance'] as const;
export const timesheetSchedules = ['weekly', 'biweekly', 'monthly', 'quarterly', 'yearly'] as const;
export const brandColors = [
  'blue',
  'green',
  'purple',
  'orange',
  'red',
  'pink',
  'indigo',
  'teal',
] as const;
export const workLogStatuses = ['pending', 'approved', 'paid'] as const;
export const timesheetStatuses = ['upcoming', 'generated', 'sent', 'paid'] as const;
