import { createServer } from 'node:http';
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

/** Twice a long video's transcript, so that a copy of each stands out from the sockets' own buffers. */
const PROMPT_BYTES = 200_000;
const STREAMS = 20;

describe('an OpenAI-compatible provider', () => {
  it("keeps no copy of a streaming call's request bytes while the answer streams", async () => {
    const provider = createOpenAiCompatibleProvider({ apiKey: 'test-key', baseUrl: stub.baseURL });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    stub.enqueue(
      ...Array.from({ length: STREAMS }, () => ({
        chunks: ['First ', 'then more.'],
        hold: { after: 1, until: gate },
      })),
    );
    collectGarbage();
    const before = process.memoryUsage().arrayBuffers;
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
    const held = process.memoryUsage().arrayBuffers - before;
    // With a copy kept, this is over STREAMS × PROMPT_BYTES (4 MB); without, the sockets' buffers only.
    expect(held).toBeLessThan((STREAMS * PROMPT_BYTES) / 2);

    open();
    expect(await Promise.all(streams.map((stream) => stream.text))).toEqual(
      Array(STREAMS).fill('First then more.'),
    );
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
