// A picture of the product drawn in HTML: no image request on the first visit.
// Figures follow the app's rules: hours to 0.1 h, earnings = shown hours × rate.
const shifts = [
  {
    day: 'Mon 3 Mar',
    time: '09:00 – 17:30',
    pause: '30 min break',
    hours: '8.0 h',
    pay: '$176.00',
  },
  {
    day: 'Wed 5 Mar',
    time: '12:00 – 18:15',
    pause: '15 min break',
    hours: '6.0 h',
    pay: '$132.00',
  },
  {
    day: 'Sat 8 Mar',
    time: '22:00 – 04:30',
    pause: '30 min break',
    hours: '6.0 h',
    pay: '$132.00',
  },
];

const summary =
  'Example timesheet for Northside Studio, 3 to 16 March: three shifts, 20 hours, $440.00 gross, $396.00 after 10% tax.';

export function HeroTimesheet() {
  return (
    <div className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div
        aria-hidden="true"
        className="-inset-4 absolute rounded-3xl bg-linear-to-br from-primary/20 via-accent to-transparent blur-2xl"
      />
      <div
        role="img"
        aria-label={summary}
        className="relative rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-xl sm:p-6"
      >
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="flex items-center gap-2 font-semibold">
              <span className="size-2.5 shrink-0 rounded-full bg-primary" />
              <span className="truncate">Northside Studio</span>
            </p>
            <p className="mt-1 text-muted-foreground text-sm">Timesheet · 3 – 16 Mar</p>
          </div>
          <span className="shrink-0 rounded-full bg-accent px-2.5 py-1 font-medium text-accent-foreground text-xs">
            Bi-Weekly
          </span>
        </div>
        <ul className="mt-5 divide-y divide-border border-border border-y">
          {shifts.map((shift) => (
            <li key={shift.day} className="flex items-center justify-between gap-3 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium">{shift.day}</p>
                <p className="text-muted-foreground text-xs">
                  {shift.time} · {shift.pause}
                </p>
              </div>
              <div className="shrink-0 text-right">
                <p className="font-medium tabular-nums">{shift.pay}</p>
                <p className="text-muted-foreground text-xs tabular-nums">{shift.hours}</p>
              </div>
            </li>
          ))}
        </ul>
        <dl className="mt-4 space-y-1.5 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">20.0 h × $22.00</dt>
            <dd className="tabular-nums">$440.00</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">Tax deducted (10%)</dt>
            <dd className="tabular-nums">−$44.00</dd>
          </div>
          <div className="flex justify-between gap-3 border-border border-t pt-2 font-semibold text-base">
            <dt>You earned</dt>
            <dd className="tabular-nums">$396.00</dd>
          </div>
        </dl>
        <div className="mt-5 flex gap-2 text-xs">
          <span className="rounded-md bg-primary px-3 py-1.5 font-medium text-primary-foreground">
            Send PDF
          </span>
          <span className="rounded-md border border-border px-3 py-1.5 font-medium">
            Export CSV
          </span>
        </div>
      </div>
    </div>
  );
}
