import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planItems } from '../../db/schema';
import {
  connectAssistant,
  consentInBrowser,
  mcpClient,
  mcpFetch,
  mcpUrl,
  TestOAuthProvider,
} from '../../testing/mcp';
import { insertPlanItem } from '../../testing/plan';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PRICING = [
  '0:00',
  'Welcome to a talk about pricing a bakery.',
  '3:10',
  'Croissant margins improve with a morning premium.',
].join('\n');
const SECRET = ['0:00', 'Our secret sourdough recipe uses croissant margins of rye.'].join('\n');
const VIDEO_URL = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

async function chatFrom(user: TestUser, transcript: string, youtubeUrl?: string): Promise<string> {
  const { id } = await user.client.json(
    '/api/chats',
    { method: 'POST', json: { source: 'manual', transcript, youtubeUrl } },
    201,
  );
  return id;
}

/** A tool's structured answer, failing the test on a tool error. */
async function call<T = Record<string, unknown>>(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content)}`);
  return result.structuredContent as T;
}

/** A tool's error text (a tool error or a protocol error, both what the assistant reads). */
async function refusalOf(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  try {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    expect(result.isError, `${name} should refuse`).toBe(true);
    return (result.content[0] as { text: string }).text;
  } catch (error) {
    return (error as Error).message;
  }
}

const rpc = (token: string | null, headers: Record<string, string> = {}) =>
  mcpFetch(t)(mcpUrl(t), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });

describe('discovery', () => {
  it('answers an unauthenticated request with where to read how to authorize', async () => {
    const response = await rpc(null);
    expect(response.status).toBe(401);
    const challenge = response.headers.get('www-authenticate')!;
    expect(challenge).toContain(
      'resource_metadata="http://localhost:3000/.well-known/oauth-protected-resource/mcp"',
    );
    const resource = await t.client().json('/.well-known/oauth-protected-resource/mcp');
    expect(resource).toMatchObject({
      resource: 'http://localhost:3000/mcp',
      authorization_servers: ['http://localhost:3000/api/auth'],
      scopes_supported: ['read', 'write'],
    });
    const server = await t.client().json('/.well-known/oauth-authorization-server/api/auth');
    expect(server).toMatchObject({
      issuer: 'http://localhost:3000/api/auth',
      authorization_endpoint: 'http://localhost:3000/api/auth/oauth2/authorize',
      token_endpoint: 'http://localhost:3000/api/auth/oauth2/token',
      registration_endpoint: 'http://localhost:3000/api/auth/oauth2/register',
      code_challenge_methods_supported: ['S256'],
    });
  });

  it('does not let a session cookie stand for a token', async () => {
    const user = await t.createOnboardedUser();
    expect((await rpc(null, { cookie: user.client.cookieHeader() })).status).toBe(401);
  });

  it('keeps the provider’s management endpoints closed', async () => {
    const user = await t.createOnboardedUser();
    expect((await user.client.get('/api/auth/oauth2/get-clients')).status).toBe(404);
    expect((await user.client.post('/api/auth/oauth2/introspect', {})).status).toBe(404);
  });
});

describe('an assistant connected with the read scope', () => {
  let user: TestUser;
  let other: TestUser;
  let client: Client;
  let token: string;
  let chatId: string;
  let otherChatId: string;
  beforeAll(async () => {
    user = await t.createOnboardedUser();
    other = await t.createOnboardedUser();
    chatId = await chatFrom(user, PRICING, VIDEO_URL);
    otherChatId = await chatFrom(other, SECRET);
    const connected = await connectAssistant(t, user, {
      name: 'Claude Test',
      scope: 'read write',
      grant: 'read',
    });
    client = connected.client;
    token = connected.provider.saved!.access_token;
  });

  it('lists every tool, the writing ones marked as such', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => [tool.name, tool.annotations?.readOnlyHint]).sort()).toEqual([
      ['add_plan_step', false],
      ['list_consultations', true],
      ['list_plan', true],
      ['read_consultation', true],
      ['search_library', true],
      ['update_plan_step_status', false],
    ]);
  });

  it('finds passages of the user’s library with their video, second and link, and nobody else’s', async () => {
    const { passages } = await call<{ passages: Record<string, unknown>[] }>(client, 'search_library', {
      question: 'croissant margins',
    });
    expect(passages).toContainEqual(
      expect.objectContaining({
        second: 190,
        link: `${VIDEO_URL}&t=190s`,
        text: 'Croissant margins improve with a morning premium.',
      }),
    );
    expect(JSON.stringify(passages)).not.toContain('sourdough');
  });

  it('lists and reads the user’s consultations, never another user’s', async () => {
    const { chats } = await call<{ chats: { id: string }[] }>(client, 'list_consultations');
    expect(chats.map((chat) => chat.id)).toEqual([chatId]);
    const chat = await call<{ id: string; videos: { link: string }[] }>(client, 'read_consultation', {
      consultationId: chatId,
    });
    expect(chat.id).toBe(chatId);
    expect(chat.videos[0]!.link).toBe(VIDEO_URL);
    expect(await refusalOf(client, 'read_consultation', { consultationId: otherChatId })).toBe(
      'Chat not found',
    );
  });

  it('lists the plan with the plan page’s filters', async () => {
    await insertPlanItem(t.db, user.id, { title: 'Raise croissant prices' });
    await insertPlanItem(t.db, user.id, { title: 'Print stamp cards', status: 'done' });
    await insertPlanItem(t.db, other.id, { title: 'Someone else’s step' });
    const all = await call<{ steps: { title: string }[] }>(client, 'list_plan');
    expect(all.steps.map((step) => step.title).sort()).toEqual([
      'Print stamp cards',
      'Raise croissant prices',
    ]);
    const done = await call<{ steps: { title: string }[] }>(client, 'list_plan', { status: 'done' });
    expect(done.steps.map((step) => step.title)).toEqual(['Print stamp cards']);
  });

  it('refuses the plan’s writes without the write scope, and changes nothing', async () => {
    const item = await insertPlanItem(t.db, user.id, { title: 'Call the flour supplier' });
    expect(await refusalOf(client, 'update_plan_step_status', { stepId: item.id, status: 'done' })).toContain(
      'may only read',
    );
    expect(await refusalOf(client, 'add_plan_step', { title: 'Sneaked in' })).toContain('may only read');
    const [row] = await t.db.select().from(planItems).where(eq(planItems.id, item.id));
    expect(row!.status).toBe('todo');
    const titles = (await t.db.select().from(planItems).where(eq(planItems.userId, user.id))).map(
      (r) => r.title,
    );
    expect(titles).not.toContain('Sneaked in');
  });

  it('answers malformed arguments with the protocol’s error', async () => {
    const text = await refusalOf(client, 'read_consultation', { consultationId: 'not-a-uuid' });
    expect(text).toContain('Not a consultation id');
    expect(await refusalOf(client, 'list_plan', { status: 'finished' })).toMatch(/status/i);
  });

  it('shows on the account page, and once disconnected its token is refused at once', async () => {
    const { assistants } = await user.client.json('/api/account/assistants');
    expect(assistants).toEqual([
      {
        clientId: expect.any(String),
        name: 'Claude Test',
        scopes: ['read'],
        connectedAt: expect.any(String),
      },
    ]);
    expect((await other.client.json('/api/account/assistants')).assistants).toEqual([]);
    // Another user cannot disconnect it.
    expect((await other.client.delete(`/api/account/assistants/${assistants[0].clientId}`)).status).toBe(404);
    expect((await rpc(token)).status).toBe(200);

    await user.client.json(`/api/account/assistants/${assistants[0].clientId}`, { method: 'DELETE' });

    const refused = await rpc(token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
    await expect(client.listTools()).rejects.toThrow();
    expect((await user.client.json('/api/account/assistants')).assistants).toEqual([]);
  });
});

describe('an assistant allowed to write', () => {
  it('changes a step’s status and adds a step, for its own user only', async () => {
    const user = await t.createOnboardedUser();
    const other = await t.createOnboardedUser();
    const { client } = await connectAssistant(t, user, { scope: 'read write' });
    const mine = await insertPlanItem(t.db, user.id, { title: 'Bake a test batch' });
    const theirs = await insertPlanItem(t.db, other.id, { title: 'Their step' });

    const { step } = await call<{ step: { id: string; status: string } }>(client, 'update_plan_step_status', {
      stepId: mine.id,
      status: 'in_progress',
    });
    expect(step).toMatchObject({ id: mine.id, status: 'in_progress' });
    expect(await refusalOf(client, 'update_plan_step_status', { stepId: theirs.id, status: 'done' })).toBe(
      'Plan item not found',
    );
    const [theirRow] = await t.db.select().from(planItems).where(eq(planItems.id, theirs.id));
    expect(theirRow!.status).toBe('todo');

    const added = await call<{ step: { title: string; status: string } }>(client, 'add_plan_step', {
      title: 'Ask regulars for referrals',
      dueDate: '2030-01-15',
    });
    expect(added.step).toMatchObject({
      title: 'Ask regulars for referrals',
      status: 'todo',
      dueDate: '2030-01-15',
    });
    const stored = await t.db.select().from(planItems).where(eq(planItems.userId, user.id));
    expect(stored.map((row) => row.title).sort()).toEqual([
      'Ask regulars for referrals',
      'Bake a test batch',
    ]);
  });
});

describe('the origin check', () => {
  it('takes a bearer POST without Origin or cookie, and refuses one a foreign page sends', async () => {
    const user = await t.createOnboardedUser();
    const { provider } = await connectAssistant(t, user);
    const token = provider.saved!.access_token;
    expect((await rpc(token)).status).toBe(200);
    expect((await rpc(token, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await rpc(token, { origin: 'http://localhost:3000' })).status).toBe(200);
  });

  it('lets the token endpoint take a form without Origin', async () => {
    const user = await t.createOnboardedUser();
    const { provider } = await connectAssistant(t, user, { scope: 'read offline_access' });
    const refreshToken = provider.saved!.refresh_token!;
    const response = await mcpFetch(t)('http://localhost:3000/api/auth/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: provider.information!.client_id,
        resource: 'http://localhost:3000/mcp',
      }),
    });
    expect(response.status).toBe(200);
    const { access_token } = await response.json();
    expect((await rpc(access_token)).status).toBe(200);
  });
});

describe('an assistant the user refused', () => {
  it('gets no code, and nothing is listed', async () => {
    const user = await t.createOnboardedUser();
    const provider = new TestOAuthProvider('Refused', 'read');
    await auth(provider, { serverUrl: mcpUrl(t), scope: 'read', fetchFn: mcpFetch(t) });
    const back = await consentInBrowser(user, provider.authorizationUrl!, { accept: false });
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect((await user.client.json('/api/account/assistants')).assistants).toEqual([]);
    await expect(mcpClient(t)).rejects.toThrow();
  });
});
