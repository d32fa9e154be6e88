import { createOpenAI } from '@ai-sdk/openai';
import { createHttpFetch } from './http-fetch';
import type { AiProvider } from './index';

const OPENAI_ORIGIN = 'https://api.openai.com';
const CHAT_MODEL = /^(gpt-4|gpt-3\.5-turbo|gpt-5|chatgpt-|o[1345](-|$))/;
const NOT_CHAT = /(realtime|audio|transcribe|tts|image|search|embedding|instruct|moderation|dall-e|whisper)/;

export interface OpenAiCompatibleOptions {
  apiKey: string;
  /** e.g. http://localhost:11434/v1 for Ollama; OpenAI's API when unset. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
}

/**
 * Any OpenAI-compatible endpoint through the chat completions API (`.chat(model)`), which OpenAI,
 * Ollama, vLLM and llama.cpp all speak; streamed usage comes in the final chunk.
 */
export function createOpenAiCompatibleProvider(options: OpenAiCompatibleOptions): AiProvider {
  const baseURL = (options.baseUrl ?? `${OPENAI_ORIGIN}/v1`).replace(/\/+$/, '');
  const fetch = options.fetch ?? createHttpFetch();
  const openai = createOpenAI({ apiKey: options.apiKey, baseURL, fetch });
  const isOpenAi = new URL(baseURL).origin === OPENAI_ORIGIN;
  return {
    kind: 'openai',
    languageModel: (modelId) => openai.chat(modelId),
    async listModels() {
      const response = await fetch(`${baseURL}/models`, {
        headers: { authorization: `Bearer ${options.apiKey}` },
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) throw new Error(`The AI provider answered ${response.status} to the model list`);
      const body = (await response.json()) as { data?: { id?: unknown }[] };
      const ids = (body.data ?? []).map((m) => m.id).filter((id): id is string => typeof id === 'string');
      return chatModelIds(ids, isOpenAi);
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
