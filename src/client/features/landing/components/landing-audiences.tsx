import { BriefcaseBusiness, HardHat, Laptop } from 'lucide-react';
import { container } from './link-styles';
import { SectionHeading } from './section-heading';

const audiences = [
  {
    icon: Laptop,
    title: 'Freelancers',
    text: 'Bill several clients at their own rates and send each one a tidy timesheet at the end of the period.',
  },
  {
    icon: HardHat,
    title: 'Contract Workers',
    text: 'Record hours per contract and department, with breaks and tax handled, and show every hour you worked.',
  },
  {
    icon: BriefcaseBusiness,
    title: 'Multi-Job Workers',
    text: 'Keep shifts from every job apart, each in its own colour, and see what you earned across all of them.',
  },
];

export function LandingAudiences() {
  return (
    <section aria-labelledby="audiences-title" className="py-16 sm:py-24">
      <div className={container}>
        <SectionHeading
          id="audiences-title"
          eyebrow="Who it's for"
          title="Made for the way you work"
        />
        <ul className="mt-12 grid gap-4 md:grid-cols-3 lg:gap-6">
          {audiences.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="rounded-xl border border-border bg-card p-6 text-center text-card-foreground shadow-sm lg:p-8"
            >
              <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 font-semibold text-xl">{title}</h3>
              <p className="mt-2 text-muted-foreground leading-relaxed">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
