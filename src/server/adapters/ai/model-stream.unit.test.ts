import { APICallError, type LanguageModelV3, type LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { openModelStream, retryDelayMs } from './model-stream';

const BACKOFF = 2000;

describe('the wait before a retry', () => {
  it.each([
    ['retry-after-ms', { 'retry-after-ms': '150' }, 150],
    ['retry-after in seconds', { 'retry-after': '3' }, 3000],
    ['retry-after-ms before retry-after', { 'retry-after-ms': '20', 'retry-after': '3' }, 20],
    ['a zero wait', { 'retry-after': '0' }, 0],
    ['no header', {}, BACKOFF],
    ['an unreadable header', { 'retry-after': 'soon' }, BACKOFF],
    ['a wait of a minute or more', { 'retry-after': '60' }, BACKOFF],
    ['a negative wait', { 'retry-after-ms': '-5' }, BACKOFF],
  ])('follows %s', (_, headers, expected) => {
    expect(retryDelayMs(headers, BACKOFF)).toBe(expected);
  });

  it('reads retry-after as a date', () => {
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    const wait = retryDelayMs({ 'retry-after': inTenSeconds }, BACKOFF);
    // An HTTP date has whole seconds: the wait is up to a second short of ten.
    expect(wait).toBeGreaterThan(8_000);
    expect(wait).toBeLessThanOrEqual(10_000);
  });

  it('uses the backoff when the provider sent no headers', () => {
    expect(retryDelayMs(undefined, BACKOFF)).toBe(BACKOFF);
  });
});

function providerError(statusCode: number, headers: Record<string, string> = {}) {
  return new APICallError({
    message: `status ${statusCode}`,
    url: 'http://provider.test/v1/chat/completions',
    requestBodyValues: {},
    statusCode,
    responseHeaders: headers,
  });
}

/** A model that fails its first calls with the given errors, then streams one word. */
function scriptedModel(failures: Error[]) {
  const calls: LanguageModelV3CallOptions[] = [];
  const model = {
    specificationVersion: 'v3',
    provider: 'test',
    modelId: 'scripted',
    supportedUrls: {},
    doGenerate: () => Promise.reject(new Error('not used')),
    async doStream(options: LanguageModelV3CallOptions) {
      calls.push(options);
      const failure = failures[calls.length - 1];
      if (failure) throw failure;
      return {
        stream: new ReadableStream({
          start(controller) {
            controller.enqueue({ type: 'text-delta', id: 't', delta: 'Hello' });
            controller.close();
          },
        }),
      };
    },
  } satisfies LanguageModelV3;
  return { model, calls };
}

const request = (maxRetries: number, abortSignal = new AbortController().signal) => ({
  system: 'You are a consultant.',
  messages: [
    { role: 'user' as const, content: 'Earlier question' },
    { role: 'assistant' as const, content: 'Earlier answer' },
    { role: 'user' as const, content: 'New question' },
  ],
  abortSignal,
  maxRetries,
});

async function partsOf(stream: AsyncIterable<unknown>) {
  const parts: unknown[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

describe('opening a model stream', () => {
  it('sends the system prompt first, then the conversation as text', async () => {
    const { model, calls } = scriptedModel([]);
    const parts = await partsOf(await openModelStream(model, request(2)));
    expect(parts).toEqual([{ type: 'text-delta', id: 't', delta: 'Hello' }]);
    expect(calls[0]!.prompt).toEqual([
      { role: 'system', content: 'You are a consultant.' },
      { role: 'user', content: [{ type: 'text', text: 'Earlier question' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Earlier answer' }] },
      { role: 'user', content: [{ type: 'text', text: 'New question' }] },
    ]);
  });

  it('retries rate limits and server errors, waiting as the provider asks', async () => {
    const { model, calls } = scriptedModel([
      providerError(429, { 'retry-after-ms': '5' }),
      providerError(503, { 'retry-after': '0' }),
    ]);
    await partsOf(await openModelStream(model, request(2)));
    expect(calls).toHaveLength(3);
  });

  it('gives up after the retries with the provider’s last error', async () => {
    const last = providerError(500, { 'retry-after': '0' });
    const { model, calls } = scriptedModel([providerError(500, { 'retry-after': '0' }), last]);
    await expect(openModelStream(model, request(1))).rejects.toBe(last);
    expect(calls).toHaveLength(2);
  });

  it('does not retry a request the provider refused', async () => {
    const refused = providerError(400);
    const { model, calls } = scriptedModel([refused]);
    await expect(openModelStream(model, request(2))).rejects.toBe(refused);
    expect(calls).toHaveLength(1);
  });

  it('stops waiting to retry when the reply is aborted', async () => {
    const stop = new AbortController();
    const { model, calls } = scriptedModel([providerError(429, { 'retry-after': '30' })]);
    const opening = openModelStream(model, request(2, stop.signal));
    stop.abort();
    await expect(opening).rejects.toThrow();
    expect(calls).toHaveLength(1);
  });
});
