import type { LanguageModelV3 } from '@ai-sdk/provider';
import { MISSING_AI_KEY_MESSAGE } from '../../../shared/schemas/assistant';
import { createOfflineModel, OFFLINE_MODEL_ID } from './offline-model';
import { createOpenAiCompatibleProvider } from './openai-compatible';
import type { StreamGate } from './stream-gate';

export type { OfflineContext } from './offline-model';
export { createStreamGate, type StreamGate } from './stream-gate';

/** Where answers come from: an OpenAI-compatible endpoint when a key is set, else the offline model. */
export interface AiProvider {
  readonly kind: 'offline' | 'openai';
  languageModel(modelId: string): LanguageModelV3;
  /** Chat model ids the admin may choose; throws AiKeyMissingError for the offline provider. */
  listModels(): Promise<string[]>;
}

export class AiKeyMissingError extends Error {
  constructor() {
    super(MISSING_AI_KEY_MESSAGE);
    this.name = 'AiKeyMissingError';
  }
}

export interface AiProviderOptions {
  apiKey?: string;
  baseUrl?: string;
  /** Holds the offline model's streams while a test acts (tests and the journeys' server only). */
  offlineGate?: StreamGate;
}

export function createAiProvider(options: AiProviderOptions): AiProvider {
  if (options.apiKey) {
    return createOpenAiCompatibleProvider({ apiKey: options.apiKey, baseUrl: options.baseUrl });
  }
  const model = createOfflineModel({ gate: options.offlineGate });
  return {
    kind: 'offline',
    languageModel: () => model,
    async listModels() {
      throw new AiKeyMissingError();
    },
  };
}

export { OFFLINE_MODEL_ID };
