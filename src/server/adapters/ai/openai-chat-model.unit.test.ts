import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  APICallError,
  type LanguageModelV3CallOptions,
  type LanguageModelV3StreamPart,
  UnsupportedFunctionalityError,
} from '@ai-sdk/provider';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpFetch } from './http-fetch';
import { openAiChatModel } from './openai-chat-model';

type Reply = (res: ServerResponse) => void | Promise<void>;

let reply: Reply;
const bodies: { model: string; messages: unknown[]; stream?: boolean; stream_options?: unknown }[] = [];
const server = createServer(async (req, res) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  bodies.push(JSON.parse(body));
  await reply(res);
});
let client: OpenAI;
beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  client = new OpenAI({ apiKey: 'test-key', baseURL, fetch: createHttpFetch(), maxRetries: 0 });
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  bodies.length = 0;
});

const chunk = (delta: object, finish: string | null = null) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'gpt-test',
  choices: [{ index: 0, delta, finish_reason: finish }],
});
const usage = { prompt_tokens: 120, completion_tokens: 7, total_tokens: 127 };

/** Streams the events as server-sent events, one write each, then `[DONE]`. */
function sse(events: object[], { done = true } = {}): Reply {
  return (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const event of events) res.write(`data: ${JSON.stringify(event)}\n\n`);
    res.end(done ? 'data: [DONE]\n\n' : undefined);
  };
}

function failure(status: number, headers: Record<string, string> = {}): Reply {
  return (res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify({ error: { message: `failed with ${status}`, type: 'server_error' } }));
  };
}

const call = (abortSignal?: AbortSignal): LanguageModelV3CallOptions => ({
  prompt: [
    { role: 'system', content: 'You are a consultant.' },
    { role: 'user', content: [{ type: 'text', text: 'Earlier question' }] },
    { role: 'assistant', content: [{ type: 'text', text: 'Earlier answer' }] },
    { role: 'user', content: [{ type: 'text', text: 'New question' }] },
  ],
  abortSignal,
});

async function partsOf(stream: ReadableStream<LanguageModelV3StreamPart>) {
  const parts: LanguageModelV3StreamPart[] = [];
  for await (const part of stream as unknown as AsyncIterable<LanguageModelV3StreamPart>) parts.push(part);
  return parts;
}

async function callError(pending: PromiseLike<unknown>): Promise<APICallError> {
  const error = await Promise.resolve(pending).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!APICallError.isInstance(error)) throw new Error(`expected an APICallError, got ${String(error)}`);
  return error;
}

describe('an OpenAI-compatible chat model over OpenAI’s client', () => {
  it('streams the text and the usage of the final chunk, and sends the conversation as chat messages', async () => {
    reply = sse([
      chunk({ role: 'assistant', content: '' }),
      chunk({ content: 'Raise ' }),
      chunk({ content: 'prices [00:05].' }),
      chunk({}, 'stop'),
      { ...chunk({}), choices: [], usage },
    ]);
    const { stream } = await openAiChatModel(client, 'gpt-test').doStream(call());
    expect(await partsOf(stream)).toEqual([
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 'text' },
      { type: 'text-delta', id: 'text', delta: 'Raise ' },
      { type: 'text-delta', id: 'text', delta: 'prices [00:05].' },
      { type: 'text-end', id: 'text' },
      {
        type: 'finish',
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 120, noCache: 120, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 7, text: 7, reasoning: undefined },
        },
      },
    ]);
    expect(bodies[0]).toEqual({
      model: 'gpt-test',
      messages: [
        { role: 'system', content: 'You are a consultant.' },
        { role: 'user', content: 'Earlier question' },
        { role: 'assistant', content: 'Earlier answer' },
        { role: 'user', content: 'New question' },
      ],
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('reports a reply cut at the length limit, and no usage when the endpoint sends none', async () => {
    reply = sse([chunk({ content: 'Partial' }), chunk({}, 'length')]);
    const parts = await partsOf((await openAiChatModel(client, 'gpt-test').doStream(call())).stream);
    expect(parts.at(-1)).toEqual({
      type: 'finish',
      finishReason: { unified: 'length', raw: 'length' },
      usage: {
        inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: undefined, text: undefined, reasoning: undefined },
      },
    });
  });

  it('fails the call, retryably, when the provider sends an error before any output', async () => {
    reply = sse([
      chunk({ role: 'assistant', content: '' }),
      { error: { message: 'Overloaded', type: 'server_error' } },
    ]);
    const error = await callError(openAiChatModel(client, 'gpt-test').doStream(call()));
    expect(error.isRetryable).toBe(true);
    expect(error.message).toContain('Overloaded');
    expect(error.url).toMatch(/\/v1\/chat\/completions$/);
  });

  it('fails the stream, keeping what came before, when the provider sends an error after its output starts', async () => {
    reply = sse([chunk({ content: 'Half an ' }), { error: { message: 'Went away', type: 'server_error' } }]);
    const { stream } = await openAiChatModel(client, 'gpt-test').doStream(call());
    const parts: LanguageModelV3StreamPart[] = [];
    const reading = (async () => {
      for await (const part of stream as unknown as AsyncIterable<LanguageModelV3StreamPart>)
        parts.push(part);
    })();
    expect((await callError(reading)).message).toContain('Went away');
    expect(parts.filter((part) => part.type === 'text-delta')).toEqual([
      { type: 'text-delta', id: 'text', delta: 'Half an ' },
    ]);
  });

  it('fails the stream when the connection drops mid-answer', async () => {
    reply = (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify(chunk({ content: 'Half' }))}\n\n`);
      setTimeout(() => res.destroy(), 20);
    };
    const { stream } = await openAiChatModel(client, 'gpt-test').doStream(call());
    expect((await callError(partsOf(stream))).isRetryable).toBe(true);
  });

  it('fails the call, retryably, when the connection drops after the headers and before any output', async () => {
    reply = (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify(chunk({ role: 'assistant', content: '' }))}\n\n`, () =>
        res.destroy(),
      );
    };
    const error = await callError(openAiChatModel(client, 'gpt-test').doStream(call()));
    expect(error.isRetryable).toBe(true);
  });

  it('does not retry an error frame that would fail again: a prompt too long, an exhausted quota', async () => {
    const model = openAiChatModel(client, 'gpt-test');
    reply = sse([
      { error: { message: 'Too long', type: 'invalid_request_error', code: 'context_length_exceeded' } },
    ]);
    expect(await callError(model.doStream(call()))).toMatchObject({ statusCode: 400, isRetryable: false });
    reply = sse([{ error: { message: 'No quota', type: 'insufficient_quota', code: 'insufficient_quota' } }]);
    expect(await callError(model.doStream(call()))).toMatchObject({ statusCode: 429, isRetryable: false });
    reply = sse([{ error: { message: 'Slow down', type: 'requests', code: 'rate_limit_exceeded' } }]);
    expect(await callError(model.doStream(call()))).toMatchObject({ statusCode: 429, isRetryable: true });
  });

  it('fails on an error record without choices, as vLLM sends one', async () => {
    reply = sse([{ object: 'error', message: 'Model not loaded', type: 'BadRequestError', code: 400 }]);
    const error = await callError(openAiChatModel(client, 'gpt-test').doStream(call()));
    expect(error).toMatchObject({ statusCode: 400, isRetryable: false, message: 'Model not loaded' });
  });

  it('closes the provider’s request when the reader cancels, before reading or while it waits for a token', async () => {
    let closed = false;
    reply = (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify(chunk({ content: 'First' }))}\n\n`);
      res.on('close', () => {
        closed = true;
      });
    };
    const model = openAiChatModel(client, 'gpt-test');
    const reader = (await model.doStream(call())).stream.getReader();
    while ((await reader.read()).value?.type !== 'text-delta');
    const waiting = reader.read();
    await reader.cancel();
    await expect(waiting).resolves.toMatchObject({ done: true });
    await vi.waitFor(() => expect(closed).toBe(true));

    closed = false;
    await (await model.doStream(call())).stream.cancel();
    await vi.waitFor(() => expect(closed).toBe(true));
  });

  it('fails with the abort when stopped before the first token', async () => {
    const stop = new AbortController();
    reply = (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify(chunk({ role: 'assistant', content: '' }))}\n\n`, () =>
        stop.abort(new Error('Stopped by the user')),
      );
    };
    const reading = openAiChatModel(client, 'gpt-test')
      .doStream(call(stop.signal))
      .then(({ stream }) => partsOf(stream));
    await expect(reading).rejects.toThrow('Stopped by the user');
  });

  it('answers 429 with a retryable error carrying the provider’s retry-after', async () => {
    reply = failure(429, { 'retry-after': '2' });
    const error = await callError(openAiChatModel(client, 'gpt-test').doStream(call()));
    expect(error).toMatchObject({ statusCode: 429, isRetryable: true });
    expect(error.responseHeaders?.['retry-after']).toBe('2');
  });

  it('retries as OpenAI’s client would: 5xx and lost connections, not a refusal, and as the provider says', async () => {
    const model = openAiChatModel(client, 'gpt-test');
    reply = failure(503);
    expect((await callError(model.doStream(call()))).isRetryable).toBe(true);
    reply = failure(400);
    expect(await callError(model.doStream(call()))).toMatchObject({ statusCode: 400, isRetryable: false });
    reply = failure(500, { 'x-should-retry': 'false' });
    expect((await callError(model.doStream(call()))).isRetryable).toBe(false);
    reply = (res) => {
      res.socket?.destroy();
    };
    expect((await callError(model.doStream(call()))).isRetryable).toBe(true);
  });

  it('fails with the abort, not a finished reply, when stopped mid-stream', async () => {
    const stop = new AbortController();
    reply = (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify(chunk({ content: 'Before the stop' }))}\n\n`);
    };
    const { stream } = await openAiChatModel(client, 'gpt-test').doStream(call(stop.signal));
    const parts: LanguageModelV3StreamPart[] = [];
    const reading = (async () => {
      for await (const part of stream as unknown as AsyncIterable<LanguageModelV3StreamPart>) {
        parts.push(part);
        if (part.type === 'text-delta') stop.abort(new Error('Stopped by the user'));
      }
    })();
    await expect(reading).rejects.toThrow('Stopped by the user');
    expect(parts.some((part) => part.type === 'finish')).toBe(false);
  });

  it('generates a whole answer for the notes on a long transcript', async () => {
    reply = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-2',
          object: 'chat.completion',
          created: 1,
          model: 'gpt-test',
          choices: [{ index: 0, message: { role: 'assistant', content: 'Notes.' }, finish_reason: 'stop' }],
          usage,
        }),
      );
    };
    const result = await openAiChatModel(client, 'gpt-test').doGenerate(call());
    expect(result.content).toEqual([{ type: 'text', text: 'Notes.' }]);
    expect(result.finishReason).toEqual({ unified: 'stop', raw: 'stop' });
    expect(result.usage.inputTokens.total).toBe(120);
    expect(result.usage.outputTokens.total).toBe(7);
    expect(bodies[0]?.stream).toBeUndefined();
  });

  it('refuses what a consultation never sends: files and tool messages', async () => {
    const model = openAiChatModel(client, 'gpt-test');
    const withFile: LanguageModelV3CallOptions = {
      prompt: [{ role: 'user', content: [{ type: 'file', data: 'aGk=', mediaType: 'text/plain' }] }],
    };
    await expect(model.doStream(withFile)).rejects.toBeInstanceOf(UnsupportedFunctionalityError);
    const withTool: LanguageModelV3CallOptions = {
      prompt: [
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 't1',
              toolName: 'lookup',
              output: { type: 'text', value: 'x' },
            },
          ],
        },
      ],
    };
    await expect(model.doStream(withTool)).rejects.toBeInstanceOf(UnsupportedFunctionalityError);
    expect(bodies).toHaveLength(0);
  });
});
