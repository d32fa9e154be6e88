/** The MCP endpoint, at the root of the app's address (not under /api). */
export const MCP_PATH = '/mcp';

/** OAuth scopes an assistant may ask for: reading is the default, writing is asked for on its own. */
export const MCP_SCOPES = { read: 'read', write: 'write' } as const;
export type McpScope = (typeof MCP_SCOPES)[keyof typeof MCP_SCOPES];

/** What each scope lets an assistant do, as the consent page and the account page say it. */
export const MCP_SCOPE_DESCRIPTIONS = {
  read: 'Search your video library, read your consultations and your plan',
  write: 'Change the status of your plan’s steps and add steps',
  offline_access: 'Stay connected until you disconnect it',
} as const;

export const scopeDescription = (scope: string): string =>
  MCP_SCOPE_DESCRIPTIONS[scope as keyof typeof MCP_SCOPE_DESCRIPTIONS] ?? scope;

/** The web app's page where a user allows or denies an assistant (Better Auth sends them there). */
export const OAUTH_CONSENT_PATH = '/oauth/consent';
