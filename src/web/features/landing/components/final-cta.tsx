import { finalCta } from '../content';
import { CtaLink } from './cta-link';

export function FinalCta({ showDashboard }: { showDashboard: boolean }) {
  return (
    <section aria-labelledby="final-cta-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4">
        <div className="rounded-lg border bg-card px-6 py-12 text-center shadow-sm sm:px-12">
          <h2 id="final-cta-title" className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
            {finalCta.title}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-pretty text-muted-foreground">
            {showDashboard ? finalCta.signedIn : finalCta.signedOut}
          </p>
          <div className="mt-8 flex justify-center">
            <CtaLink showDashboard={showDashboard} />
          </div>
        </div>
      </div>
    </section>
  );
}
