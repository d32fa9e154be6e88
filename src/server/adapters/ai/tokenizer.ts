import { Tiktoken } from 'js-tiktoken/lite';
import o200k from 'js-tiktoken/ranks/o200k_base';

let encoder: Tiktoken | undefined;

/** Tokens of a text with OpenAI's o200k_base encoding (bundled ranks: no network). Built on first use. */
export function countTokens(text: string): number {
  if (!text) return 0;
  encoder ??= new Tiktoken(o200k);
  return encoder.encode(text, [], []).length;
}
