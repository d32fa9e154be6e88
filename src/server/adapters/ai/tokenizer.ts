import { createRequire } from 'node:module';
import { Tiktoken, type TiktokenBPE } from 'js-tiktoken/lite';

const require = createRequire(import.meta.url);
let encoder: Tiktoken | undefined;

/**
 * Tokens of a text with OpenAI's o200k_base encoding (ranks bundled in the package: no network). The
 * ranks (several MB) load on first use, so a process that never counts tokens never pays for them.
 */
export function countTokens(text: string): number {
  if (!text) return 0;
  encoder ??= new Tiktoken(require('js-tiktoken/ranks/o200k_base') as TiktokenBPE);
  return encoder.encode(text, [], []).length;
}
