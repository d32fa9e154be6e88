import { demo } from '../content';
import { Audiences, BusinessTypes } from './audiences';
import { DemoVideo } from './demo-video';
import { ExamplePrompts } from './example-prompts';
import { Faq } from './faq';
import { Features } from './features';
import { FinalCta } from './final-cta';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import { Section } from './section';
import { Testimonials } from './testimonials';
import { WhatItIs } from './what-it-is';

export interface LandingPageProps {
  /** Signed in and the session is read: the calls to action lead to the dashboard. */
  showDashboard: boolean;
  demoVideoUrl: string | null;
}

/**
 * The public landing page. Rendered to HTML at build time and hydrated without the router,
 * so it links through AppLink and renders the same on the server and the client's first pass.
 */
export function LandingPage({ showDashboard, demoVideoUrl }: LandingPageProps) {
  return (
    <main id="main" className="flex-1">
      <Hero showDashboard={showDashboard} />
      <Section id="demo" title={demo.title} intro={demo.intro}>
        <DemoVideo url={demoVideoUrl} />
      </Section>
      <WhatItIs />
      <HowItWorks />
      <ExamplePrompts />
      <Features />
      <Audiences />
      <BusinessTypes />
      <Faq />
      <Testimonials />
      <FinalCta showDashboard={showDashboard} />
    </main>
  );
}
