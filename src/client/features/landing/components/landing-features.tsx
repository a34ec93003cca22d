import {
  Building2,
  Calculator,
  CalendarRange,
  ChartColumn,
  Clock,
  FileText,
  type LucideIcon,
  Mail,
  SlidersHorizontal,
} from 'lucide-react';
import { container } from './link-styles';
import { SectionHeading } from './section-heading';

type Feature = { icon: LucideIcon; title: string; text: string };

const features: Feature[] = [
  {
    icon: Clock,
    title: 'Time Tracking',
    text: 'Log each shift with its date, start and end time, break and department. Overnight shifts are counted correctly.',
  },
  {
    icon: Calculator,
    title: 'Earnings Calculation',
    text: 'Hourly rates, breaks, rounding and tax are applied for you, so you know what you earned to the cent.',
  },
  {
    icon: Building2,
    title: 'Multiple Employers',
    text: 'Keep every employer apart, each with its own pay rate, tax rate, departments, contact details and colour.',
  },
  {
    icon: FileText,
    title: 'Professional Timesheets',
    text: 'Generate clean timesheets as PDF or CSV for any employer and date range, ready to send.',
  },
  {
    icon: ChartColumn,
    title: 'Analytics',
    text: 'See your hours, earnings, shifts and active employers for the week, month, quarter or year.',
  },
  {
    icon: Mail,
    title: 'Mail-Provider Integration',
    text: 'Connect your Gmail account and send timesheets from your own address, or use your usual mail app.',
  },
  {
    icon: CalendarRange,
    title: 'Flexible Scheduling',
    text: "Match each employer's pay period: weekly, bi-weekly, monthly or a custom date range.",
  },
  {
    icon: SlidersHorizontal,
    title: 'Custom Settings',
    text: 'Choose your time zone, time format, rounding and whether tax is added or deducted.',
  },
];

export function LandingFeatures() {
  return (
    <section aria-labelledby="features-title" className="py-16 sm:py-24">
      <div className={container}>
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything you need to get paid"
        >
          From the first shift you log to the timesheet in your employer's inbox.
        </SectionHeading>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:gap-6">
          {features.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="flex gap-4 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm sm:block sm:p-6"
            >
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div>
                <h3 className="font-semibold text-lg sm:mt-4">{title}</h3>
                <p className="mt-1 text-muted-foreground text-sm leading-relaxed sm:mt-2">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
