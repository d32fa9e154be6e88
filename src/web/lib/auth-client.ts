import { adminClient, emailOTPClient, magicLinkClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/** Better Auth's browser client: sign-up, sign-in (password, magic link, one-time code, Google), reset. */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [magicLinkClient(), emailOTPClient(), adminClient()],
});
