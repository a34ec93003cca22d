/** Sends one JSON POST as the signed-in user and gives the created row back (or throws). */
export type PostAs = (path: string, body: object) => Promise<{ id: number }>;

/**
 * The dashboard Lighthouse measures, in `e2e/lighthouse.spec.ts` and `bench/lighthouse.ts`
 * alike: three employers and twelve shifts, one every other day back from today (New York).
 */
export async function seedDashboardUser(post: PostAs): Promise<void> {
  const employers: number[] = [];
  for (const [name, hourlyRate] of [
    ['Northside Studio', '22.00'],
    ['Acme Logistics', '18.50'],
    ['Harbour Cafe', '15.75'],
  ] as const) {
    employers.push((await post('/api/employers', { name, hourlyRate })).id);
  }
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' });
  for (let i = 0; i < 12; i++) {
    await post('/api/work-logs', {
      employerId: employers[i % employers.length],
      date: day.format(new Date(Date.now() - i * 2 * 86_400_000)),
      startTime: '09:00',
      endTime: i % 2 ? '17:30' : '13:00',
      breakDuration: 30,
      hourlyRateAtTime: 0,
    });
  }
}
