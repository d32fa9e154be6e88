import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3Prompt,
  type LanguageModelV3StreamPart,
  type SharedV3ProviderOptions,
} from '@ai-sdk/provider';
import { retryWithExponentialBackoff } from '@ai-sdk/provider-utils';

export interface ModelStreamRequest {
  system: string;
  messages: readonly { role: 'user' | 'assistant'; content: string }[];
  abortSignal: AbortSignal;
  /** Retries of a call that failed before its answer started (rate limits, 5xx, lost connections). */
  maxRetries: number;
  providerOptions?: SharedV3ProviderOptions;
}

/**
 * A model's answer as the provider streams it, read through the provider interface (`doStream`) rather
 * than `streamText`, whose orchestration (tools, steps, transforms) a plain chat does not use and which
 * cost a third of the app's CPU per reply (decision 017). Like `streamText`, it retries a call that
 * fails before streaming, backing off and honouring the provider's retry-after headers.
 */
export async function openModelStream(
  model: LanguageModelV3,
  request: ModelStreamRequest,
): Promise<AsyncIterable<LanguageModelV3StreamPart>> {
  const prompt: LanguageModelV3Prompt = [
    { role: 'system', content: request.system },
    ...request.messages.map(({ role, content }) => ({
      role,
      content: [{ type: 'text' as const, text: content }],
    })),
  ];
  const withRetries = retryWithExponentialBackoff({
    maxRetries: request.maxRetries,
    abortSignal: request.abortSignal,
    shouldRetry: (error) => APICallError.isInstance(error) && error.isRetryable,
    getDelayInMs: ({ error, exponentialBackoffDelay }) =>
      retryDelayMs(
        APICallError.isInstance(error) ? error.responseHeaders : undefined,
        exponentialBackoffDelay,
      ),
    // The last failure itself, so the log says what the provider answered.
    createRetryError: ({ errors }) => errors.at(-1),
  });
  const { stream } = await withRetries(() =>
    model.doStream({ prompt, abortSignal: request.abortSignal, providerOptions: request.providerOptions }),
  );
  // Web streams are async iterable (the Streams standard, and Node's); TypeScript types that in a lib of its own.
  return stream as ReadableStream<LanguageModelV3StreamPart> & AsyncIterable<LanguageModelV3StreamPart>;
}

/** A provider's requested wait is followed when it is under a minute (else the backoff applies). */
const LONGEST_REQUESTED_WAIT_MS = 60_000;

/** How long to wait before retrying: `retry-after-ms`, else `retry-after` (seconds or a date), else the backoff. */
export function retryDelayMs(headers: Record<string, string> | undefined, backoffMs: number): number {
  const requested = requestedWaitMs(headers ?? {});
  if (requested === undefined || requested < 0 || requested >= LONGEST_REQUESTED_WAIT_MS) return backoffMs;
  return requested;
}

function requestedWaitMs(headers: Record<string, string>): number | undefined {
  const ms = Number.parseFloat(headers['retry-after-ms'] ?? '');
  if (!Number.isNaN(ms)) return ms;
  const retryAfter = headers['retry-after'];
  if (!retryAfter) return undefined;
  const seconds = Number.parseFloat(retryAfter);
  if (!Number.isNaN(seconds)) return seconds * 1000;
  const at = Date.parse(retryAfter);
  return Number.isNaN(at) ? undefined : at - Date.now();
}
