import type { ReactNode } from 'react';

export interface SectionProps {
  /** Becomes the section's id; its heading gets `${id}-title` for aria-labelledby. */
  id: string;
  title: string;
  intro?: string;
  /** `muted` gives the band a tinted background, to separate neighbouring sections. */
  tone?: 'plain' | 'muted';
  children: ReactNode;
}

/** A landing page band: an <h2> heading, an optional intro and the section's content. */
export function Section({ id, title, intro, tone = 'plain', children }: SectionProps) {
  const titleId = `${id}-title`;
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className={tone === 'muted' ? 'border-y bg-muted/60 py-14 sm:py-20' : 'py-14 sm:py-20'}
    >
      <div className="mx-auto max-w-6xl px-4">
        <div className="max-w-2xl">
          <h2 id={titleId} className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
            {title}
          </h2>
          {intro ? <p className="mt-3 text-lg text-muted-foreground">{intro}</p> : null}
        </div>
        <div className="mt-8 sm:mt-10">{children}</div>
      </div>
    </section>
  );
}
