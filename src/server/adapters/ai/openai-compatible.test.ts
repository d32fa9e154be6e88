import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';
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
    process.once('disconnect', () => process.exit());
    const { startOpenAiStub } = await import(${JSON.stringify(STUB_MODULE.href)});
    const goOn = new Promise((resolve) => process.once('message', resolve));
    const stub = await startOpenAiStub({ defaultReply: { chunks: ['First ', 'then more.'], hold: { after: 1, until: goOn } } });
    console.log(stub.baseURL);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const close = () => child.kill();
  const firstLine = once(createInterface({ input: child.stdout! }), 'line');
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the stub process exited (${code})`);
  });
  try {
    const [baseURL] = (await Promise.race([firstLine, exited])) as [string];
    return { baseURL, goOn: () => child.send('go on'), close };
  } catch (error) {
    close();
    throw error;
  }
}

/** A prompt of its own letter, every byte of it in memory from the start. */
const flatPrompt = (i: number) => Buffer.alloc(PROMPT_BYTES, String.fromCharCode(97 + i)).toString();

describe('an OpenAI-compatible provider', () => {
  it("keeps no copy of a streaming call's request, as text or as bytes, while the answer streams", async () => {
    let held: Awaited<ReturnType<typeof startHeldStubProcess>> | undefined;
    try {
      held = await startHeldStubProcess();
      const provider = createOpenAiCompatibleProvider({ apiKey: 'test-key', baseUrl: held.baseURL });
      collectGarbage();
      const before = process.memoryUsage();
      const streams = Array.from({ length: STREAMS }, (_, i) =>
        streamText({
          model: provider.languageModel('gpt-4o-mini'),
          system: flatPrompt(i),
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
      // The prompts are not on the heap (Node keeps a string this large, made from a Buffer, outside
      // it). A body kept as sent would put a copy of every prompt there (its JSON text), and a tee'd
      // clone a copy of its bytes in ArrayBuffer memory.
      expect(after.heapUsed - before.heapUsed).toBeLessThan(copy / 2);
      expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(copy / 2);

      held.goOn();
      expect(await Promise.all(streams.map((stream) => stream.text))).toEqual(
        Array(STREAMS).fill('First then more.'),
      );
    } finally {
      held?.close();
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
    expect(request).toMatchObject({ contentLength: String(request.bodyBytes), transferEncoding: undefined });
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
