import { createOpenAI } from '@ai-sdk/openai';
import { z } from 'zod';
import type { AiProvider } from './index';

const OPENAI_ORIGIN = 'https://api.openai.com';
const CHAT_MODEL = /^(gpt-4|gpt-3\.5-turbo|gpt-5|chatgpt-|o[1345](-|$))/;
const NOT_CHAT = /(realtime|audio|transcribe|tts|image|search|embedding|instruct|moderation|dall-e|whisper)/;
const LIST_MODELS_TIMEOUT_MS = 15_000;

export interface OpenAiCompatibleOptions {
  apiKey: string;
  /** e.g. http://localhost:11434/v1 for Ollama; OpenAI's API when unset. */
  baseUrl?: string;
}

const modelList = z.object({ data: z.array(z.object({ id: z.string() })) });

/**
 * The provider's calls, each body sent once and let go. Node's fetch would otherwise keep two copies
 * of the prompt for the whole of a streaming reply (decision 054):
 * - a fetch that may follow a redirect sends a clone of its request, whose body is a tee of the
 *   original (the Fetch standard), and the unread branch keeps the body's bytes: so no redirect is
 *   followed (an API endpoint answers where it is asked; a redirect fails the call);
 * - a string body stays the request's body source, to be sent again: so the body goes as its bytes, in
 *   one chunk with its length, which nothing keeps once sent.
 */
const providerFetch: typeof fetch = (input, init) =>
  fetch(input, { ...init, ...sentOnce(init), redirect: 'error' });

/** Node's fetch sends a stream body only with `duplex: 'half'`, which the DOM's RequestInit does not name. */
type StreamBodyInit = Pick<RequestInit, 'body' | 'headers'> & { duplex?: 'half' };

function sentOnce(init: RequestInit | undefined): StreamBodyInit {
  if (typeof init?.body !== 'string') return {};
  const bytes = new TextEncoder().encode(init.body);
  const headers = new Headers(init.headers);
  headers.set('content-length', String(bytes.byteLength));
  const body = new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  return { body, headers, duplex: 'half' };
}

/**
 * Any OpenAI-compatible endpoint through the AI SDK's OpenAI provider and its chat completions API,
 * which OpenAI, Ollama, vLLM and llama.cpp all speak.
 */
export function createOpenAiCompatibleProvider(options: OpenAiCompatibleOptions): AiProvider {
  const baseURL = (options.baseUrl ?? `${OPENAI_ORIGIN}/v1`).replace(/\/+$/, '');
  const provider = createOpenAI({ apiKey: options.apiKey, baseURL, fetch: providerFetch });
  const isOpenAi = new URL(baseURL).origin === OPENAI_ORIGIN;
  return {
    kind: 'openai',
    languageModel: (modelId) => provider.chat(modelId),
    async listModels() {
      const response = await fetch(`${baseURL}/models`, {
        headers: { authorization: `Bearer ${options.apiKey}` },
        signal: AbortSignal.timeout(LIST_MODELS_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`Listing models failed: ${response.status} ${response.statusText}`);
      const { data } = modelList.parse(await response.json());
      return chatModelIds(
        data.map((model) => model.id),
        isOpenAi,
      );
    },
  };
}

/**
 * OpenAI lists every kind of model: keep its chat models (gpt-4…, gpt-3.5-turbo and newer chat
 * families). Other endpoints list only what they serve, so all of theirs are kept.
 */
export function chatModelIds(ids: readonly string[], fromOpenAi: boolean): string[] {
  const chat = fromOpenAi ? ids.filter((id) => CHAT_MODEL.test(id) && !NOT_CHAT.test(id)) : ids;
  return [...new Set(chat)].sort();
}
