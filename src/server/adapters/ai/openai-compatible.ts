import OpenAI from 'openai';
import { createHttpFetch } from './http-fetch';
import type { AiProvider } from './index';
import { openAiChatModel } from './openai-chat-model';

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
 * Any OpenAI-compatible endpoint through the chat completions API, over OpenAI's client: OpenAI,
 * Ollama, vLLM and llama.cpp all speak; streamed usage comes in the final chunk.
 */
export function createOpenAiCompatibleProvider(options: OpenAiCompatibleOptions): AiProvider {
  const baseURL = (options.baseUrl ?? `${OPENAI_ORIGIN}/v1`).replace(/\/+$/, '');
  // The client's own retries are off: the callers retry (`openModelStream`, `generateText`).
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL,
    fetch: options.fetch ?? createHttpFetch(),
    maxRetries: 0,
    // Not read from the environment (OPENAI_ORG_ID, OPENAI_PROJECT_ID, OPENAI_LOG): every
    // OpenAI-compatible endpoint would get them. The server's logger reports failures.
    organization: null,
    project: null,
    logLevel: 'off',
  });
  const isOpenAi = new URL(baseURL).origin === OPENAI_ORIGIN;
  return {
    kind: 'openai',
    languageModel: (modelId) => openAiChatModel(client, modelId),
    async listModels() {
      const ids: string[] = [];
      for await (const model of client.models.list({ timeout: 15_000 })) ids.push(model.id);
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
