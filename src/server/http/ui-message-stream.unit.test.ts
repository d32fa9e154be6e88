import {
  type InferUIMessageChunk,
  parseJsonEventStream,
  readUIMessageStream,
  type UIMessage,
  uiMessageChunkSchema,
} from 'ai';
import { describe, expect, it } from 'vitest';
import { type ChunkWriter, uiMessageStreamResponse } from './ui-message-stream';

type Chunk = InferUIMessageChunk<UIMessage>;

/** Reads a response the way `useChat` does: the SDK's own event parser, chunk schema and message reader. */
async function readAsUseChat(response: Response) {
  if (!response.body) throw new Error('no body');
  const chunks: Chunk[] = [];
  const parsed = parseJsonEventStream({ stream: response.body, schema: uiMessageChunkSchema }).pipeThrough(
    new TransformStream({
      transform(result, controller) {
        if (!result.success) throw result.error;
        chunks.push(result.value as Chunk);
        controller.enqueue(result.value as Chunk);
      },
    }),
  );
  let message: UIMessage | undefined;
  for await (const snapshot of readUIMessageStream({ stream: parsed })) message = snapshot;
  return { chunks, message };
}

const apology = () => 'Sorry, something failed';

describe('uiMessageStreamResponse', () => {
  it('speaks the UI message stream protocol that useChat reads', async () => {
    const response = uiMessageStreamResponse(
      async (write: ChunkWriter<UIMessage>) => {
        write({ type: 'start', messageId: 'm1' });
        write({ type: 'text-start', id: 't' });
        write({ type: 'text-delta', id: 't', delta: 'Hello, ' });
        await new Promise((resolve) => setTimeout(resolve, 5));
        write({ type: 'text-delta', id: 't', delta: 'world [01:05]' });
        write({ type: 'text-end', id: 't' });
        write({ type: 'finish', messageMetadata: { totalTokens: 42 } });
      },
      { onError: apology, headers: { 'cache-control': 'no-store' } },
    );
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { message } = await readAsUseChat(response);
    expect(message?.id).toBe('m1');
    expect(message?.parts).toEqual([{ type: 'text', text: 'Hello, world [01:05]', state: 'done' }]);
    expect(message?.metadata).toEqual({ totalTokens: 42 });
  });

  it('ends with [DONE] after the last event', async () => {
    const response = uiMessageStreamResponse(async (write) => write({ type: 'start' }), { onError: apology });
    expect(await response.text()).toBe('data: {"type":"start"}\n\ndata: [DONE]\n\n');
  });

  it('sends the onError text, never the error itself, when the run throws, and still ends the stream', async () => {
    const response = uiMessageStreamResponse(
      async (write) => {
        write({ type: 'start' });
        throw new Error('database password is hunter2');
      },
      { onError: apology },
    );
    const text = await response.text();
    expect(text).not.toContain('hunter2');
    expect(text).toContain('"type":"error","errorText":"Sorry, something failed"');
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it('lets the run go on to its end when the browser cancels the stream', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let finished = false;
    const response = uiMessageStreamResponse(
      async (write) => {
        write({ type: 'start' });
        await released;
        write({ type: 'text-start', id: 't' }); // after the cancel: dropped, not thrown
        finished = true;
      },
      { onError: apology },
    );
    await response.body?.cancel();
    release();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(finished).toBe(true);
  });
});
