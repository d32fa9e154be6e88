import { Star } from 'lucide-react';
import { testimonials } from '../content';
import { Section } from './section';

const STARS = ['one', 'two', 'three', 'four', 'five'] as const;

export function Testimonials() {
  return (
    <Section id="testimonials" title={testimonials.title} intro={testimonials.intro} tone="muted">
      <ul className="grid gap-6 lg:grid-cols-3">
        {testimonials.items.map(({ name, role, text }) => (
          <li key={name}>
            <figure className="flex h-full flex-col rounded-lg border bg-card p-6 text-card-foreground">
              <div role="img" aria-label="5 out of 5 stars" className="flex gap-1 text-warning">
                {STARS.map((star) => (
                  <Star key={star} aria-hidden="true" className="size-5 fill-current" />
                ))}
              </div>
              <blockquote className="mt-4 flex-1">
                <p>“{text}”</p>
              </blockquote>
              <figcaption className="mt-6">
                <span className="block font-semibold">{name}</span>
                <span className="block text-sm text-muted-foreground">{role}</span>
                <span className="block text-sm text-muted-foreground">Beta tester</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
