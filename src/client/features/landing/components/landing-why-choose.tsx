import { CircleCheck } from 'lucide-react';
import { container } from './link-styles';

const reasons = [
  {
    title: 'Exact to the cent',
    text: 'Earnings are worked out in whole cents, never rounded guesses, and every total is the sum of the rows your employer sees.',
  },
  {
    title: 'Your data stays yours',
    text: 'Hourbook is free and self-hostable: run it on your own server and keep your hours and earnings under your control.',
  },
  {
    title: 'Nothing gets lost',
    text: 'Each shift is saved the moment you log it, and e-mails are retried until they go out, even if a service is briefly down.',
  },
  {
    title: 'Fast on any screen',
    text: 'A light app that opens quickly on your phone between shifts and works just as well on a desktop, by mouse or keyboard.',
  },
];

export function LandingWhyChoose() {
  return (
    <section aria-labelledby="why-title" className="bg-muted py-16 sm:py-24">
      <div className={`${container} grid gap-10 lg:grid-cols-3 lg:gap-12`}>
        <div>
          <p className="font-semibold text-primary text-sm uppercase tracking-wide">Why Hourbook</p>
          <h2
            id="why-title"
            className="mt-2 text-balance font-bold text-3xl tracking-tight sm:text-4xl"
          >
            Simple, exact and yours
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Made for people who are paid by the hour and want every hour counted.
          </p>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2 lg:col-span-2 lg:gap-6">
          {reasons.map(({ title, text }) => (
            <li
              key={title}
              className="flex gap-3 rounded-xl border border-border bg-card p-6 text-card-foreground"
            >
              <CircleCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-1.5 text-muted-foreground text-sm leading-relaxed">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
