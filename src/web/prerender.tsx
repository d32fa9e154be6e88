import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { LandingShell } from './app/landing-shell';

/** Called by scripts/build.mjs: the landing page's HTML as a signed-out visitor first sees it. */
export function renderLanding(): string {
  return renderToString(
    <StrictMode>
      <LandingShell />
    </StrictMode>,
  );
}
