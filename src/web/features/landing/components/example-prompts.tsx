import { examplePrompts } from '../content';
import { Section } from './section';

export function ExamplePrompts() {
  return (
    <Section
      id="example-prompts"
      title="Questions you could ask"
      intro="Ask the way you would ask a consultant who has watched the video with you."
    >
      <ul className="grid gap-4 md:grid-cols-2">
        {examplePrompts.map((prompt) => (
          <li
            key={prompt}
            className="rounded-2xl rounded-br-sm bg-secondary px-5 py-4 text-secondary-foreground"
          >
            “{prompt}”
          </li>
        ))}
      </ul>
    </Section>
  );
}
