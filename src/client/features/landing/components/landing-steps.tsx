import { container } from './link-styles';
import { SectionHeading } from './section-heading';

const steps = [
  {
    title: 'Create your account',
    text: 'Sign up with your e-mail and a password. It is free, with no credit card required.',
  },
  {
    title: 'Add your employers',
    text: "Enter each employer's hourly rate, tax rate, departments and timesheet schedule.",
  },
  {
    title: 'Start tracking',
    text: 'Log shifts as you work, watch your earnings add up and send timesheets when they are due.',
  },
];

export function LandingSteps() {
  return (
    <section aria-labelledby="steps-title" className="border-border border-t py-16 sm:py-24">
      <div className={container}>
        <SectionHeading
          id="steps-title"
          eyebrow="Getting started"
          title="Up and running in three steps"
        />
        <ol className="mt-12 grid gap-8 md:grid-cols-3">
          {steps.map(({ title, text }, index) => (
            <li key={title} className="flex gap-4 md:flex-col md:items-center md:text-center">
              <span
                aria-hidden="true"
                className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold text-lg">{title}</h3>
                <p className="mt-1.5 text-muted-foreground leading-relaxed">{text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
