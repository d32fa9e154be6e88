/**
 * The landing page's recorded demo, served from public/demo (scripts/demo-video.mjs records and encodes
 * it; `npm run demo:video` makes it again).
 */
export const DEMO_VIDEO = {
  webm: '/demo/vidvisor-demo.webm',
  mp4: '/demo/vidvisor-demo.mp4',
  poster: '/demo/vidvisor-demo-poster.webp',
} as const;
