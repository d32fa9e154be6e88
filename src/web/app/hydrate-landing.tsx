import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { type LandingFacts, LandingShell } from './landing-shell';

export function hydrateLanding(root: HTMLElement, facts: LandingFacts) {
  hydrateRoot(
    root,
    <StrictMode>
      <LandingShell facts={facts} />
    </StrictMode>,
  );
}
