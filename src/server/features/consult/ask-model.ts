import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { OfflineContext } from '../../adapters/ai';
import { openModelStream } from '../../adapters/ai/model-stream';
import type { HistoryMessage } from './consult.queries';

/** Retries of a provider call that failed or was rate-limited (the SDK backs off, honouring retry-after). */
const MAX_RETRIES = 2;

/** What a reply asks the model. */
export interface ModelPrompt {
  model: LanguageModelV3;
  system: string;
  messages: HistoryMessage[];
  /** What the offline model answers from; only when it is the model. */
  offline?: OfflineContext;
}

/** Asks the model: the provider request goes out now, its answer is read as it streams. */
export function askModel(prompt: ModelPrompt, abortSignal: AbortSignal) {
  return openModelStream(prompt.model, {
    system: prompt.system,
    messages: prompt.messages,
    abortSignal,
    maxRetries: MAX_RETRIES,
    providerOptions: prompt.offline && { offline: prompt.offline as never },
  });
}

export type ModelAnswer = ReturnType<typeof askModel>;
