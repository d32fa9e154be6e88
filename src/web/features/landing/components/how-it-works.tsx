import { steps } from '../content';
import { Section } from './section';

const STEP_NUMBER =
  'flex size-9 items-center justify-center rounded-full border-2 border-primary font-semibold text-primary';

export function HowItWorks() {
  return (
    <Section
      id="how-it-works"
      title="How it works"
      intro="Four steps, and the first one you only do once."
      tone="muted"
    >
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map(({ title, text }, index) => (
          <li key={title} className="rounded-lg border bg-card p-6 text-card-foreground">
            <span aria-hidden="true" className={STEP_NUMBER}>
              {index + 1}
            </span>
            <h3 className="mt-4 font-semibold">{title}</h3>
            <p className="mt-2 text-muted-foreground">{text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
