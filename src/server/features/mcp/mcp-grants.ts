import { and, eq, gt, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import { MCP_SCOPES } from '../../../shared/mcp';
import { hashOAuthToken } from '../../auth/oauth';
import { toSessionUser } from '../../auth/session';
import type { SessionUser } from '../../context';
import type { Database, Executor } from '../../db/client';
import { oauthAccessTokens, oauthClients, oauthConsents, oauthRefreshTokens, users } from '../../db/schema';

/** What a valid access token lets /mcp do: act for its user, within its scopes. */
export interface McpGrant {
  user: SessionUser;
  clientId: string;
  canWrite: boolean;
}

/**
 * The grant behind a bearer token shown to /mcp, or null: unknown, expired, revoked, issued for another
 * resource, or its client disabled. One indexed read per request, so a revoked grant is refused at once.
 */
export async function grantOfToken(db: Database, resource: string, token: string): Promise<McpGrant | null> {
  const [row] = await db
    .select({ user: users, clientId: oauthAccessTokens.clientId, scopes: oauthAccessTokens.scopes })
    .from(oauthAccessTokens)
    .innerJoin(users, eq(users.id, oauthAccessTokens.userId))
    .innerJoin(oauthClients, eq(oauthClients.clientId, oauthAccessTokens.clientId))
    .where(
      and(
        eq(oauthAccessTokens.token, hashOAuthToken(token)),
        gt(oauthAccessTokens.expiresAt, sql`now()`),
        isNull(oauthAccessTokens.revoked),
        sql`${resource} = any(${oauthAccessTokens.resources})`,
        sql`${oauthClients.disabled} is not true`,
      ),
    )
    .limit(1);
  if (!row) return null;
  return {
    user: toSessionUser(row.user),
    clientId: row.clientId,
    canWrite: row.scopes.includes(MCP_SCOPES.write),
  };
}

/** An assistant the user allowed: the client's name, the scopes granted, when. */
export interface ConnectedAssistant {
  clientId: string;
  name: string;
  scopes: string[];
  connectedAt: string;
}

export async function connectedAssistants(db: Database, userId: string): Promise<ConnectedAssistant[]> {
  const rows = await db
    .select({
      clientId: oauthConsents.clientId,
      name: oauthClients.name,
      scopes: oauthConsents.scopes,
      createdAt: oauthConsents.createdAt,
    })
    .from(oauthConsents)
    .innerJoin(oauthClients, eq(oauthClients.clientId, oauthConsents.clientId))
    .where(eq(oauthConsents.userId, userId))
    .orderBy(oauthConsents.createdAt);
  return rows.map((row) => ({
    clientId: row.clientId,
    name: row.name ?? row.clientId,
    scopes: row.scopes,
    connectedAt: (row.createdAt ?? new Date(0)).toISOString(),
  }));
}

/**
 * Disconnects an assistant from the user: its consent and every token it holds for them go in one
 * transaction (its next request is refused). False when the user had not connected it.
 */
export async function disconnectAssistant(db: Database, userId: string, clientId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(oauthConsents)
      .where(and(eq(oauthConsents.userId, userId), eq(oauthConsents.clientId, clientId)))
      .returning({ id: oauthConsents.id });
    await deleteTokens(tx, userId, clientId);
    return removed.length > 0;
  });
}

async function deleteTokens(tx: Executor, userId: string, clientId: string) {
  const ofPair = <T extends typeof oauthAccessTokens | typeof oauthRefreshTokens>(table: T) =>
    and(eq(table.userId, userId), eq(table.clientId, clientId));
  await tx.delete(oauthAccessTokens).where(ofPair(oauthAccessTokens));
  await tx.delete(oauthRefreshTokens).where(ofPair(oauthRefreshTokens));
}

/**
 * With an account: the registrations of the assistants only this user connected (a client's name may be
 * the user's words). Consents and tokens go with the user's row; a client others use stays.
 */
export async function eraseAssistantsOf(tx: Executor, userId: string): Promise<void> {
  const consentsOf = (mine: boolean) =>
    tx
      .select({ clientId: oauthConsents.clientId })
      .from(oauthConsents)
      .where(mine ? eq(oauthConsents.userId, userId) : ne(oauthConsents.userId, userId));
  await tx
    .delete(oauthClients)
    .where(
      and(
        inArray(oauthClients.clientId, consentsOf(true)),
        notInArray(oauthClients.clientId, consentsOf(false)),
      ),
    );
}
