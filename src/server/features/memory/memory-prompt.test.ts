import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTokens } from '../../adapters/ai/tokenizer';
import { createManualChat, type OpenAiStub, startAppWithOpenAiStub } from '../../testing/consult';
import { insertMemory } from '../../testing/memory';
import type { TestApp, TestUser } from '../../testing/test-app';
import { readUiStream } from '../../testing/ui-stream';
import { rememberAll } from './memory.service';
import { MEMORY_PROMPT_TOKENS } from './memory-prompt';

let t: TestApp;
let stub: OpenAiStub;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, stub, close } = await startAppWithOpenAiStub());
});
afterAll(() => close());

const TRANSCRIPT = '0:00\nWelcome.\n0:12\nRaise your prices with a premium tier.\n0:45\nReferrals cut costs.';

/** The system prompt of the next request the app sends the provider while `send` runs. */
async function systemPromptOf(send: () => Promise<Response>): Promise<string> {
  const before = stub.requests.length;
  await readUiStream(await send());
  const request = stub.requests.slice(before).find((r) => r.path.endsWith('/chat/completions'));
  return request!.body.messages[0].content as string;
}

/** The `[M3] (kind) statement` lines of a system prompt's memories. */
const memoryLines = (system: string) => system.split('\n').filter((line) => /^- \[M\d+\]/.test(line));

async function answeredChat(user: TestUser) {
  const chatId = await createManualChat(user, TRANSCRIPT);
  await readUiStream(await user.client.post(`/api/chats/${chatId}/first-reply`));
  return chatId;
}

describe('memory in the prompt of every reply', () => {
  it('carries the user’s relevant memories, an outcome first, and never a deleted one or another user’s', async () => {
    const user = await t.createOnboardedUser();
    const stranger = await t.createOnboardedUser();
    await insertMemory(t.db, stranger.id, 'Stranger raised prices twice');
    const fact = await insertMemory(t.db, user.id, 'We sell sourdough boxes at 20 dollars');
    const deleted = await insertMemory(t.db, user.id, 'We raised prices in spring');
    const unrelated = await insertMemory(t.db, user.id, 'Our oven is twelve years old');
    const outcome = await insertMemory(t.db, user.id, 'Raising box prices lost two clients', 'outcome');
    await user.client.json(`/api/memory/${deleted.id}`, { method: 'DELETE' });
    const chatId = await answeredChat(user);

    const system = await systemPromptOf(() =>
      user.client.post(`/api/chats/${chatId}/messages`, { content: 'Should I raise box prices?' }),
    );
    expect(system).toContain('cite it by its number, as [M3]');
    const lines = memoryLines(system);
    expect(lines[0]).toBe(`- [M${outcome.number}] (outcome) Raising box prices lost two clients`);
    expect(lines).toContain(`- [M${fact.number}] (fact) We sell sourdough boxes at 20 dollars`);
    // A memory that shares no word with the question or the video comes after the relevant ones.
    expect(lines.at(-1)).toBe(`- [M${unrelated.number}] (fact) Our oven is twelve years old`);
    expect(system).not.toContain('We raised prices in spring');
    expect(system).not.toContain('Stranger');
  });

  it('carries them in the first answer, a regenerated answer and an edited question too', async () => {
    const user = await t.createOnboardedUser();
    await insertMemory(t.db, user.id, 'Our premium tier sells best', 'outcome');
    const chatId = await createManualChat(user, TRANSCRIPT);
    const first = await systemPromptOf(() => user.client.post(`/api/chats/${chatId}/first-reply`));
    expect(first).toContain('Our premium tier sells best');

    const { messages } = await user.client.json(`/api/chats/${chatId}`);
    const regenerated = await systemPromptOf(() =>
      user.client.post(`/api/chats/${chatId}/messages/${messages.at(-1).id}/regenerate`),
    );
    expect(regenerated).toContain('Our premium tier sells best');

    await readUiStream(
      await user.client.post(`/api/chats/${chatId}/messages`, { content: 'And referrals?' }),
    );
    const asked = (await user.client.json(`/api/chats/${chatId}`)).messages.at(-2);
    const edited = await systemPromptOf(() =>
      user.client.post(`/api/chats/${chatId}/messages/${asked.id}/edit`, { content: 'And premium?' }),
    );
    expect(edited).toContain('Our premium tier sells best');
  });

  it('carries none while memory is paused, or in a consultation whose "Use memory" is off', async () => {
    const user = await t.createOnboardedUser();
    await insertMemory(t.db, user.id, 'We raised prices last year');
    const chatId = await answeredChat(user);
    const ask = () => user.client.post(`/api/chats/${chatId}/messages`, { content: 'Prices?' });

    await user.client.json('/api/memory/pause', { method: 'PUT', json: { paused: true } });
    expect(await systemPromptOf(ask)).not.toContain('We raised prices');
    await user.client.json('/api/memory/pause', { method: 'PUT', json: { paused: false } });
    expect(await systemPromptOf(ask)).toContain('We raised prices last year');

    await user.client.json(`/api/chats/${chatId}/use-memory`, { method: 'PUT', json: { useMemory: false } });
    const off = await systemPromptOf(ask);
    expect(off).not.toContain('We raised prices');
    expect(off).not.toContain('(memories)');
    const other = await answeredChat(user);
    expect(
      await systemPromptOf(() => user.client.post(`/api/chats/${other}/messages`, { content: 'Prices?' })),
    ).toContain('We raised prices last year');
  });

  it('keeps 200 long memories within the token budget, the relevant ones first', async () => {
    const user = await t.createOnboardedUser();
    const filler = 'about the bakery and its daily routine, '.repeat(6);
    await rememberAll(
      t.db,
      user.id,
      Array.from({ length: 199 }, (_, i) => ({
        statement: `Note ${i} ${filler}`.slice(0, 300),
        kind: 'fact' as const,
        origin: 'typed' as const,
      })),
      'refuse',
    );
    const relevant = await insertMemory(t.db, user.id, 'Referrals brought most new customers', 'outcome');
    const chatId = await answeredChat(user);
    const system = await systemPromptOf(() =>
      user.client.post(`/api/chats/${chatId}/messages`, { content: 'How do referrals work?' }),
    );
    const lines = memoryLines(system);
    expect(lines[0]).toBe(`- [M${relevant.number}] (outcome) Referrals brought most new customers`);
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.length).toBeLessThan(200);
    expect(countTokens(lines.join('\n'))).toBeLessThanOrEqual(MEMORY_PROMPT_TOKENS);
  });

  it('carries them in the answer of Ask your library', async () => {
    const user = await t.createOnboardedUser();
    await insertMemory(t.db, user.id, 'Our premium tier sells best', 'outcome');
    await answeredChat(user);
    const system = await systemPromptOf(() =>
      user.client.post('/api/library/ask', { question: 'What do my videos say about a premium tier?' }),
    );
    expect(system).toContain('Our premium tier sells best');
  });
});
