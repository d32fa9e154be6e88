import { ChevronDown } from 'lucide-react';
import { faq } from '../content';
import { Section } from './section';

const SUMMARY =
  'flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-medium ' +
  '[&::-webkit-details-marker]:hidden';

/** Native <details> so the answers open without any JavaScript. */
export function Faq() {
  return (
    <Section id="faq" title="Frequently asked questions">
      <ul className="max-w-3xl divide-y rounded-lg border bg-card">
        {faq.map(({ question, answer }) => (
          <li key={question}>
            <details className="group">
              <summary className={SUMMARY}>
                {question}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                />
              </summary>
              <p className="px-5 pb-5 text-muted-foreground">{answer}</p>
            </details>
          </li>
        ))}
      </ul>
    </Section>
  );
}
