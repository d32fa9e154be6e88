import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3CallOptions,
  type LanguageModelV3FinishReason,
  type LanguageModelV3Prompt,
  type LanguageModelV3StreamPart,
  type LanguageModelV3Usage,
  UnsupportedFunctionalityError,
} from '@ai-sdk/provider';
import OpenAI from 'openai';

type Chunk = OpenAI.Chat.ChatCompletionChunk;
type ChatMessage = OpenAI.Chat.ChatCompletionMessageParam;

const TEXT_ID = 'text';

/**
 * A chat completions model of an OpenAI-compatible endpoint, as the AI SDK's language model interface,
 * over OpenAI's own client (decision 030): it reads a streamed reply in a few async generators where the
 * SDK's provider runs each piece through seven web streams. It reads the prompt's text and the abort
 * signal (the app sets no sampling settings); the client does not retry, the caller does
 * (`openModelStream`, `generateText`), from the `APICallError` every provider failure becomes.
 */
export function openAiChatModel(client: OpenAI, modelId: string): LanguageModelV3 {
  const url = `${client.baseURL}/chat/completions`;
  const failed = (error: unknown, messages: ChatMessage[], abortSignal: AbortSignal | undefined) =>
    abortSignal?.aborted
      ? abortSignal.reason
      : asCallError(error, { url, requestBodyValues: { model: modelId, messages } });
  return {
    specificationVersion: 'v3',
    provider: 'openai.chat',
    modelId,
    supportedUrls: {},
    async doGenerate(options) {
      const messages = chatMessages(options.prompt);
      const completion = await client.chat.completions
        .create({ model: modelId, messages }, { signal: options.abortSignal })
        .catch((error) => Promise.reject(failed(error, messages, options.abortSignal)));
      const choice = choiceOf(completion);
      const text = choice?.message.content ?? '';
      return {
        content: text ? [{ type: 'text', text }] : [],
        finishReason: finishReasonOf(choice?.finish_reason),
        usage: usageOf(completion.usage),
        warnings: [],
      };
    },
    async doStream(options: LanguageModelV3CallOptions) {
      const messages = chatMessages(options.prompt);
      try {
        const chunks = await client.chat.completions.create(
          { model: modelId, messages, stream: true, stream_options: { include_usage: true } },
          { signal: options.abortSignal },
        );
        const iterator = chunks[Symbol.asyncIterator]();
        // An error the provider sends before any output fails the call, so that it can be retried.
        const opening = await readUntilOutput(iterator);
        const parts = streamParts(opening, iterator, {
          abortSignal: options.abortSignal,
          failed: (error) => failed(error, messages, options.abortSignal),
        });
        return { stream: streamOf(parts, () => chunks.controller.abort()) };
      } catch (error) {
        throw failed(error, messages, options.abortSignal);
      }
    },
  };
}

async function readUntilOutput(iterator: AsyncIterator<Chunk>): Promise<Chunk[]> {
  const read: Chunk[] = [];
  for (;;) {
    const next = await iterator.next();
    if (next.done) return read;
    read.push(next.value);
    const choice = choiceOf(next.value);
    if (choice?.delta?.content || choice?.finish_reason || next.value.usage) return read;
  }
}

interface StreamState {
  textStarted: boolean;
  finishReason?: string | null;
  usage?: OpenAI.CompletionUsage | null;
}

async function* streamParts(
  opening: Chunk[],
  rest: AsyncIterator<Chunk>,
  call: { abortSignal: AbortSignal | undefined; failed: (error: unknown) => unknown },
): AsyncGenerator<LanguageModelV3StreamPart> {
  const state: StreamState = { textStarted: false };
  try {
    yield { type: 'stream-start', warnings: [] };
    for (const chunk of opening) yield* partsOf(chunk, state);
    for (let next = await rest.next(); !next.done; next = await rest.next())
      yield* partsOf(next.value, state);
  } catch (error) {
    throw call.failed(error);
  } finally {
    // Stopped early (the reader cancelled): the client aborts the request.
    await rest.return?.();
  }
  // OpenAI's client ends an aborted stream as if it were complete: it is not.
  call.abortSignal?.throwIfAborted();
  if (state.textStarted) yield { type: 'text-end', id: TEXT_ID };
  yield { type: 'finish', finishReason: finishReasonOf(state.finishReason), usage: usageOf(state.usage) };
}

function* partsOf(chunk: Chunk, state: StreamState): Generator<LanguageModelV3StreamPart> {
  const choice = choiceOf(chunk);
  const delta = choice?.delta?.content;
  if (delta) {
    if (!state.textStarted) yield { type: 'text-start', id: TEXT_ID };
    state.textStarted = true;
    yield { type: 'text-delta', id: TEXT_ID, delta };
  }
  state.finishReason = choice?.finish_reason ?? state.finishReason;
  state.usage = chunk.usage ?? state.usage;
}

/**
 * The generator as the web stream the interface asks for, read one part at a time. Cancelling it
 * stops the provider's request at once, even while a read waits for the next token.
 */
function streamOf<T>(parts: AsyncGenerator<T>, stop: () => void): ReadableStream<T> {
  return new ReadableStream<T>(
    {
      async pull(controller) {
        const next = await parts.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      cancel() {
        stop();
        parts.return(undefined).catch(() => {});
      },
    },
    { highWaterMark: 0 },
  );
}

function chatMessages(prompt: LanguageModelV3Prompt): ChatMessage[] {
  return prompt.map((message): ChatMessage => {
    if (message.role === 'system') return { role: 'system', content: message.content };
    if (message.role === 'tool') throw new UnsupportedFunctionalityError({ functionality: 'tool messages' });
    const text = message.content
      .map((part) => {
        if (part.type !== 'text')
          throw new UnsupportedFunctionalityError({ functionality: `${part.type} parts` });
        return part.text;
      })
      .join('');
    return { role: message.role, content: text };
  });
}

const FINISH_REASONS: Record<string, LanguageModelV3FinishReason['unified']> = {
  stop: 'stop',
  length: 'length',
  content_filter: 'content-filter',
  tool_calls: 'tool-calls',
  function_call: 'tool-calls',
};

function finishReasonOf(raw: string | null | undefined): LanguageModelV3FinishReason {
  return { unified: (raw && FINISH_REASONS[raw]) || 'other', raw: raw ?? undefined };
}

function usageOf(usage: OpenAI.CompletionUsage | null | undefined): LanguageModelV3Usage {
  const cached = usage?.prompt_tokens_details?.cached_tokens;
  const reasoning = usage?.completion_tokens_details?.reasoning_tokens;
  const prompt = usage?.prompt_tokens;
  const completion = usage?.completion_tokens;
  return {
    inputTokens: {
      total: prompt,
      noCache: prompt !== undefined && cached !== undefined ? prompt - cached : prompt,
      cacheRead: cached,
      cacheWrite: undefined,
    },
    outputTokens: {
      total: completion,
      text: completion !== undefined && reasoning !== undefined ? completion - reasoning : completion,
      reasoning,
    },
  };
}

/**
 * A record with no choices is an error some endpoints send in the stream (vLLM's
 * `{ "object": "error", "message", "code" }`): it fails as an error frame does.
 */
function choiceOf<Choice>(record: { choices?: Choice[] }): Choice | undefined {
  if (!Array.isArray(record.choices)) {
    const message = (record as { message?: unknown }).message;
    throw new OpenAI.APIError(
      undefined,
      record,
      typeof message === 'string' ? message : 'The AI provider sent a record with no choices',
      undefined,
    );
  }
  return record.choices[0];
}

/**
 * The client's failures as the AI SDK's (an abort is left as it is), retryable as OpenAI's client
 * would retry them: a lost connection, 408, 409, 429, 5xx, or as the provider's `x-should-retry`
 * says. An error frame in the stream has no status: it is read from its code and type, as
 * `@ai-sdk/openai` read it. A connection lost after the answer's headers reaches us as Node's own
 * error, and is retried too.
 */
function asCallError(error: unknown, request: { url: string; requestBodyValues: unknown }): unknown {
  if (error instanceof OpenAI.APIUserAbortError || error instanceof UnsupportedFunctionalityError)
    return error;
  if (!(error instanceof OpenAI.APIError)) {
    return new APICallError({
      message: error instanceof Error ? error.message : String(error),
      ...request,
      cause: error,
      isRetryable: typeof (error as NodeJS.ErrnoException | undefined)?.code === 'string',
    });
  }
  const headers = error.headers ? Object.fromEntries(error.headers) : undefined;
  const status = error.status ?? frameStatus(error);
  return new APICallError({
    message: error.message,
    ...request,
    statusCode: status,
    responseHeaders: headers,
    responseBody: error.error === undefined ? undefined : JSON.stringify(error.error),
    cause: error,
    isRetryable: retryableUnlikeItsStatus(error, status, headers?.['x-should-retry']),
  });
}

/**
 * Where retrying is not what the status says (`APICallError`'s own rule, used when this is undefined:
 * 408, 409, 429 and 5xx): as the provider's `x-should-retry` says, never an exhausted quota (a 429),
 * always a lost connection (no status).
 */
function retryableUnlikeItsStatus(
  error: InstanceType<typeof OpenAI.APIError>,
  status: number | undefined,
  shouldRetry: string | undefined,
): boolean | undefined {
  if (shouldRetry === 'true' || shouldRetry === 'false') return shouldRetry === 'true';
  if (/insufficient_quota/.test(`${error.code}`)) return false;
  return status === undefined ? true : undefined;
}

/** The status an error frame stands for (none for a lost connection, which has none). */
function frameStatus(error: InstanceType<typeof OpenAI.APIError>): number | undefined {
  if (error instanceof OpenAI.APIConnectionError) return undefined;
  const code = Number(error.code);
  if (Number.isInteger(code) && code >= 400 && code < 600) return code;
  const kind = `${error.code ?? ''} ${error.type ?? ''}`;
  if (/rate_limit|insufficient_quota/.test(kind)) return 429;
  if (/authentication|invalid_api_key/.test(kind)) return 401;
  if (/invalid|context_length/.test(kind)) return 400;
  return 500;
}
