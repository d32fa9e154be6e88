import { whatItIs } from '../content';
import { Section } from './section';

export function WhatItIs() {
  return (
    <Section id="what-it-is" title={whatItIs.title}>
      <div className="grid gap-10 lg:grid-cols-[3fr_2fr] lg:items-start">
        <div className="space-y-4 text-lg">
          {whatItIs.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <dl className="grid gap-4">
          {whatItIs.contrast.map(({ title, text }, index) => (
            <div
              key={title}
              className={
                index === 0
                  ? 'rounded-lg border bg-card p-6'
                  : 'rounded-lg border border-primary/40 bg-secondary p-6 text-secondary-foreground'
              }
            >
              <dt className="font-semibold">{title}</dt>
              <dd className={index === 0 ? 'mt-1 text-muted-foreground' : 'mt-1'}>{text}</dd>
            </div>
          ))}
        </dl>
      </div>
    </Section>
  );
}
