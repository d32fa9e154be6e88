import './styles/index.css';

/**
 * The landing page arrives prerendered and complete for a signed-out visitor, so it ships no React.
 * Only when there is something to change (a signed-in visitor, a demo video) is React loaded to take
 * over the markup (docs/decisions/007).
 */
async function enhance() {
  const [session, config] = await Promise.all([
    getJson<{ user?: unknown } | null>('/api/auth/get-session'),
    getJson<{ demoVideoUrl: string | null; supportWidgetScriptUrl: string | null }>('/api/config'),
  ]);
  const signedIn = Boolean(session?.user);
  const demoVideoUrl = config?.demoVideoUrl ?? null;
  if (!signedIn && !demoVideoUrl) return;
  const { hydrateLanding } = await import('./app/hydrate-landing');
  hydrateLanding(document.getElementById('root')!, {
    signedIn,
    demoVideoUrl,
    supportWidgetScriptUrl: config?.supportWidgetScriptUrl ?? null,
  });
}

async function getJson<T>(url: string): Promise<T | null> {
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    return response.ok ? ((await response.json()) as T) : null;
  } catch {
    return null;
  }
}

void enhance();
