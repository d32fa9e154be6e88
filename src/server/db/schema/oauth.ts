import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sessions, users } from './auth';

/**
 * Better Auth's OAuth provider tables (@better-auth/oauth-provider): the assistants connected over MCP
 * (decision 067). JS keys are the plugin's field names. A user's consents and tokens go with the user;
 * a client's with the client.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });
const userRef = () => text('user_id').references(() => users.id, { onDelete: 'cascade' });
const sessionRef = () => text('session_id').references(() => sessions.id, { onDelete: 'set null' });
const clientRef = () =>
  text('client_id')
    .notNull()
    .references(() => oauthClients.clientId, { onDelete: 'cascade' });

export const oauthClients = pgTable(
  'oauth_client',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull().unique(),
    clientSecret: text('client_secret'),
    clientDiscoveryId: text('client_discovery_id'),
    disabled: boolean('disabled').default(false),
    skipConsent: boolean('skip_consent'),
    enableEndSession: boolean('enable_end_session'),
    subjectType: text('subject_type'),
    scopes: text('scopes').array(),
    clientCredentialsScopes: text('client_credentials_scopes').array(),
    userId: userRef(),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
    name: text('name'),
    uri: text('uri'),
    icon: text('icon'),
    contacts: text('contacts').array(),
    tos: text('tos'),
    policy: text('policy'),
    softwareId: text('software_id'),
    softwareVersion: text('software_version'),
    softwareStatement: text('software_statement'),
    redirectUris: text('redirect_uris').array().notNull(),
    postLogoutRedirectUris: text('post_logout_redirect_uris').array(),
    backchannelLogoutUri: text('backchannel_logout_uri'),
    backchannelLogoutSessionRequired: boolean('backchannel_logout_session_required'),
    tokenEndpointAuthMethod: text('token_endpoint_auth_method'),
    applicationType: text('application_type'),
    jwks: text('jwks'),
    jwksUri: text('jwks_uri'),
    grantTypes: text('grant_types').array(),
    responseTypes: text('response_types').array(),
    requirePKCE: boolean('require_pkce'),
    dpopBoundAccessTokens: boolean('dpop_bound_access_tokens').default(false),
    referenceId: text('reference_id'),
    metadata: jsonb('metadata'),
  },
  (t) => [index('oauth_client_user_id_idx').on(t.userId)],
);

export const oauthResources = pgTable('oauth_resource', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull().unique(),
  name: text('name').notNull(),
  accessTokenTtl: integer('access_token_ttl'),
  refreshTokenTtl: integer('refresh_token_ttl'),
  signingAlgorithm: text('signing_algorithm'),
  signingKeyId: text('signing_key_id'),
  allowedScopes: text('allowed_scopes').array(),
  customClaims: jsonb('custom_claims'),
  dpopBoundAccessTokensRequired: boolean('dpop_bound_access_tokens_required').default(false),
  disabled: boolean('disabled').default(false),
  createdAt: at('created_at'),
  updatedAt: at('updated_at'),
  policyVersion: integer('policy_version').default(1),
  metadata: jsonb('metadata'),
});

export const oauthClientResources = pgTable(
  'oauth_client_resource',
  {
    id: text('id').primaryKey(),
    clientId: clientRef(),
    resourceId: text('resource_id')
      .notNull()
      .references(() => oauthResources.identifier, { onDelete: 'cascade' }),
    metadata: jsonb('metadata'),
    createdAt: at('created_at'),
  },
  (t) => [
    uniqueIndex('oauth_client_resource_pair_idx').on(t.clientId, t.resourceId),
    index('oauth_client_resource_resource_idx').on(t.resourceId),
  ],
);

/** The columns a refresh token and an access token share. */
const tokenColumns = () => ({
  clientId: clientRef(),
  sessionId: sessionRef(),
  referenceId: text('reference_id'),
  authorizationCodeId: text('authorization_code_id'),
  resources: text('resources').array(),
  requestedUserInfoClaims: text('requested_user_info_claims').array(),
  expiresAt: at('expires_at'),
  createdAt: at('created_at'),
  revoked: at('revoked'),
  confirmation: jsonb('confirmation'),
  scopes: text('scopes').array().notNull(),
});

export const oauthRefreshTokens = pgTable(
  'oauth_refresh_token',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: userRef().notNull(),
    ...tokenColumns(),
    rotatedAt: at('rotated_at'),
    rotationReplayResponse: text('rotation_replay_response'),
    rotationReplayExpiresAt: at('rotation_replay_expires_at'),
    authTime: at('auth_time'),
  },
  (t) => [
    index('oauth_refresh_token_client_id_idx').on(t.clientId),
    index('oauth_refresh_token_user_id_idx').on(t.userId),
    index('oauth_refresh_token_session_id_idx').on(t.sessionId),
    index('oauth_refresh_token_code_idx').on(t.authorizationCodeId),
  ],
);

export const oauthAccessTokens = pgTable(
  'oauth_access_token',
  {
    id: text('id').primaryKey(),
    token: text('token').unique(),
    userId: userRef(),
    refreshId: text('refresh_id').references(() => oauthRefreshTokens.id, { onDelete: 'cascade' }),
    ...tokenColumns(),
  },
  (t) => [
    index('oauth_access_token_client_id_idx').on(t.clientId),
    index('oauth_access_token_user_id_idx').on(t.userId),
    index('oauth_access_token_session_id_idx').on(t.sessionId),
    index('oauth_access_token_refresh_id_idx').on(t.refreshId),
    index('oauth_access_token_code_idx').on(t.authorizationCodeId),
  ],
);

export const oauthConsents = pgTable(
  'oauth_consent',
  {
    id: text('id').primaryKey(),
    clientId: clientRef(),
    userId: userRef(),
    referenceId: text('reference_id'),
    resources: text('resources').array(),
    requestedUserInfoClaims: text('requested_user_info_claims').array(),
    scopes: text('scopes').array().notNull(),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
  },
  (t) => [
    index('oauth_consent_client_id_idx').on(t.clientId),
    index('oauth_consent_user_id_idx').on(t.userId),
  ],
);

export const oauthClientAssertions = pgTable('oauth_client_assertion', {
  id: text('id').primaryKey(),
  expiresAt: at('expires_at').notNull(),
});
