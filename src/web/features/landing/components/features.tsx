import { features } from '../content';
import { IconCardList } from './icon-card-list';
import { Section } from './section';

export function Features() {
  return (
    <Section
      id="features"
      title="What you get"
      intro="Everything is built around one idea: advice about your business, not a recap of the video."
      tone="muted"
    >
      <IconCardList items={features} />
    </Section>
  );
}
