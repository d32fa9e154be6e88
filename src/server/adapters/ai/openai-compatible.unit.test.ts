import { describe, expect, it } from 'vitest';
import { chatModelIds } from './openai-compatible';

describe('model list', () => {
  it("keeps OpenAI's chat models only", () => {
    const ids = [
      'gpt-4o-mini',
      'gpt-4o',
      'gpt-4-turbo',
      'gpt-3.5-turbo',
      'gpt-3.5-turbo-instruct',
      'gpt-4o-realtime-preview',
      'gpt-4o-mini-tts',
      'gpt-5',
      'o3-mini',
      'whisper-1',
      'dall-e-3',
      'text-embedding-3-small',
      'babbage-002',
    ];
    expect(chatModelIds(ids, true)).toEqual([
      'gpt-3.5-turbo',
      'gpt-4-turbo',
      'gpt-4o',
      'gpt-4o-mini',
      'gpt-5',
      'o3-mini',
    ]);
    expect(chatModelIds(['llama3.1:8b', 'qwen2.5'], false)).toEqual(['llama3.1:8b', 'qwen2.5']);
  });
});
