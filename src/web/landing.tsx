import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LandingShell } from './app/landing-shell';
import './styles/index.css';

// The landing page is prerendered at build time; here React takes over the markup (or renders it in dev).
const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <LandingShell />
  </StrictMode>
);
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
