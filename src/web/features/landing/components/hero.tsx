import { hero } from '../content';
import { CtaLink } from './cta-link';

export function Hero({ showDashboard }: { showDashboard: boolean }) {
  return (
    <section aria-labelledby="hero-title" className="pt-14 pb-2 sm:pt-24 sm:pb-4">
      <div className="mx-auto max-w-3xl px-4 text-center">
        <p className="text-sm font-medium text-primary">{hero.eyebrow}</p>
        <h1
          id="hero-title"
          className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl"
        >
          {hero.title}
        </h1>
        <p className="mt-6 text-lg text-pretty text-muted-foreground sm:text-xl">{hero.lead}</p>
        <div className="mt-8 flex flex-col items-center gap-3">
          <CtaLink showDashboard={showDashboard} />
          {showDashboard ? null : <p className="text-sm text-muted-foreground">{hero.note}</p>}
        </div>
      </div>
    </section>
  );
}
