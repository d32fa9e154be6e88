import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { streamText } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiStub } from '../../../../scripts/lib/openai-stub.mjs';
import { collectGarbage } from '../../testing/disconnect';
import { createOpenAiCompatibleProvider } from './openai-compatible';

/** The provider against the OpenAI stub, which speaks the real wire format over loopback. */

let stub: Awaited<ReturnType<typeof startOpenAiStub>>;
beforeAll(async () => {
  stub = await startOpenAiStub();
});
afterAll(() => stub.close());

/** Twenty times a long video's transcript, so that a copy of each stands out from the rest of a call. */
const PROMPT_BYTES = 2_000_000;
const STREAMS = 10;

const STUB_MODULE = pathToFileURL(
  path.resolve(import.meta.dirname, '../../../../scripts/lib/openai-stub.mjs'),
);

/**
 * The stub in a process of its own, so that what it keeps of each request is not on this process's
 * heap. Each reply stops after its first piece until the stub is told to go on.
 */
async function startHeldStubProcess() {
  const code = `
    const { startOpenAiStub } = await import(${JSON.stringify(STUB_MODULE.href)});
    const goOn = new Promise((resolve) => process.once('message', resolve));
    const stub = await startOpenAiStub({ defaultReply: { chunks: ['First ', 'then more.'], hold: { after: 1, until: goOn } } });
    console.log(stub.baseURL);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const baseURL = await new Promise<string>((resolve) =>
    child.stdout?.once('data', (data) => resolve(String(data).trim())),
  );
  return { baseURL, goOn: () => child.send('go on'), close: () => child.kill() };
}

describe('an OpenAI-compatible provider', () => {
  it("keeps no copy of a streaming call's request, as text or as bytes, while the answer streams", async () => {
    const held = await startHeldStubProcess();
    try {
      const provider = createOpenAiCompatibleProvider({ apiKey: 'test-key', baseUrl: held.baseURL });
      collectGarbage();
      const before = process.memoryUsage();
      const streams = Array.from({ length: STREAMS }, (_, i) =>
        streamText({
          model: provider.languageModel('gpt-4o-mini'),
          system: `${i} ${'a'.repeat(PROMPT_BYTES)}`,
          prompt: 'How do I grow?',
        }),
      );
      // Every call is mid-stream: its request sent, its first piece read, the rest held by the stub.
      const readers = streams.map((stream) => stream.textStream[Symbol.asyncIterator]());
      const firsts = await Promise.all(readers.map((reader) => reader.next()));
      expect(firsts.map((first) => first.value)).toEqual(Array(STREAMS).fill('First '));

      collectGarbage();
      const after = process.memoryUsage();
      const copy = STREAMS * PROMPT_BYTES;
      // The SDK keeps each prompt (one copy on the heap). A body kept as sent would add a second copy on
      // the heap (the JSON text), and a tee'd clone a copy of its bytes outside it.
      expect(after.heapUsed - before.heapUsed).toBeLessThan(copy * 1.5);
      expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(copy / 2);

      held.goOn();
      expect(await Promise.all(streams.map((stream) => stream.text))).toEqual(
        Array(STREAMS).fill('First then more.'),
      );
    } finally {
      held.close();
    }
  });

  it('sends the whole body, its length counted in bytes, not characters', async () => {
    const provider = createOpenAiCompatibleProvider({ apiKey: 'test-key', baseUrl: stub.baseURL });
    const asked = stub.requests.length;
    stub.enqueue({ chunks: ['Café ', 'crème.'] });
    const answer = streamText({
      model: provider.languageModel('gpt-4o-mini'),
      system: 'Prix en €, réponses en français.',
      prompt: 'Combien?',
    });
    expect(await answer.text).toBe('Café crème.');
    const request = stub.requests[asked]!;
    expect(request.body.messages).toEqual([
      { role: 'system', content: 'Prix en €, réponses en français.' },
      { role: 'user', content: 'Combien?' },
    ]);
    expect(request.authorization).toBe('Bearer test-key');
  });

  it('fails a call that the endpoint redirects, without following it', async () => {
    const redirecting = createServer((_req, res) => {
      res.writeHead(307, { location: `${stub.baseURL}/chat/completions` }).end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = redirecting.address() as { port: number };
      const provider = createOpenAiCompatibleProvider({
        apiKey: 'test-key',
        baseUrl: `http://127.0.0.1:${port}/v1`,
      });
      const asked = stub.requests.length;
      const errors: unknown[] = [];
      const answer = streamText({
        model: provider.languageModel('gpt-4o-mini'),
        prompt: 'How do I grow?',
        maxRetries: 0,
        onError: ({ error }) => {
          errors.push(error);
        },
      });
      await answer.consumeStream();
      expect(errors).toHaveLength(1);
      expect(String((errors[0] as Error).cause)).toContain('unexpected redirect');
      expect(stub.requests.length).toBe(asked);
    } finally {
      redirecting.close();
    }
  });
});
