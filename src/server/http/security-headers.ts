import { secureHeaders } from 'hono/secure-headers';
import { CHANNEL_AVATAR_ORIGINS } from '../../shared/channels';
import { YOUTUBE_THUMBNAIL_ORIGINS } from '../../shared/suggestions';

/** Origins the pages may load from besides our own: Stripe's checkout and YouTube embeds. */
export interface ContentSecurityOptions {
  extraScriptOrigins?: string[];
}

/** The only origin whose players the pages frame: YouTube's privacy-enhanced mode. */
export const YOUTUBE_PLAYER_ORIGIN = 'https://www.youtube-nocookie.com';

export function securityHeaders(options: ContentSecurityOptions = {}) {
  const scriptSrc = ["'self'", 'https://js.stripe.com', ...(options.extraScriptOrigins ?? [])];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc,
      // React sets style attributes (e.g. progress widths); scripts stay strict.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // No other site's images: an answer quoting a stranger's caption must not make the browser call out.
      imgSrc: ["'self'", ...YOUTUBE_THUMBNAIL_ORIGINS, ...CHANNEL_AVATAR_ORIGINS],
      mediaSrc: ["'self'", 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'https://api.stripe.com', ...(options.extraScriptOrigins ?? [])],
      frameSrc: ['https://js.stripe.com', 'https://checkout.stripe.com', YOUTUBE_PLAYER_ORIGIN],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  });
}
