import type { BrowserContext } from '@playwright/test';

const square = (color: string) => ({
  contentType: 'image/svg+xml',
  body: `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><rect width="240" height="240" fill="${color}"/></svg>`,
});

/**
 * YouTube's video stills and channel avatars, served locally (the journeys have no internet). The
 * stills of `brokenVideoIds` answer 404, so their cards show the placeholder.
 */
export async function serveYouTubeImages(context: BrowserContext, { brokenVideoIds = [] as string[] } = {}) {
  await context.route('https://i.ytimg.com/**', (route) =>
    brokenVideoIds.some((id) => route.request().url().includes(`/vi/${id}/`))
      ? route.fulfill({ status: 404, body: '' })
      : route.fulfill(square('#4338ca')),
  );
  await context.route('https://yt3.googleusercontent.com/**', (route) => route.fulfill(square('#0f766e')));
}
