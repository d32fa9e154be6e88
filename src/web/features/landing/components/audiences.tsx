import { audiences, businessTypes } from '../content';
import { Section } from './section';

export function Audiences() {
  return (
    <Section
      id="who-it-is-for"
      title="Who it is for"
      intro="Entrepreneurs who learn from videos and want to turn what they watch into decisions."
    >
      <ul className="divide-y rounded-lg border bg-card text-card-foreground">
        {audiences.map(({ title, text }) => (
          <li key={title} className="grid gap-1 px-5 py-5 sm:grid-cols-[16rem_1fr] sm:gap-6 sm:px-6">
            <h3 className="font-semibold">{title}</h3>
            <p className="text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function BusinessTypes() {
  return (
    <Section id="business-types" title={businessTypes.title} intro={businessTypes.intro} tone="muted">
      <ul className="flex flex-wrap gap-2 sm:gap-3">
        {businessTypes.items.map((type) => (
          <li key={type} className="rounded-full border bg-card px-4 py-2 text-sm font-medium">
            {type}
          </li>
        ))}
      </ul>
    </Section>
  );
}
