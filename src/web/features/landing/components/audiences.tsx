import { audiences, businessTypes } from '../content';
import { IconCardList } from './icon-card-list';
import { Section } from './section';

export function Audiences() {
  return (
    <Section
      id="who-it-is-for"
      title="Who it is for"
      intro="Entrepreneurs who learn from videos and want to turn what they watch into decisions."
    >
      <IconCardList items={audiences} />
    </Section>
  );
}

export function BusinessTypes() {
  return (
    <Section id="business-types" title={businessTypes.title} intro={businessTypes.intro} tone="muted">
      <ul className="flex flex-wrap gap-3">
        {businessTypes.items.map((type) => (
          <li key={type} className="rounded-full border bg-card px-4 py-2 text-sm font-medium">
            {type}
          </li>
        ))}
      </ul>
    </Section>
  );
}
