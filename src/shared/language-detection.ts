import { franc } from 'franc-min';
import { LANGUAGES, type LanguageCode } from './languages';

/** franc's ISO 639-3 name of each of our languages (the macrolanguages' main member where franc has one). */
const ISO_639_3: Record<LanguageCode, string> = {
  en: 'eng',
  zh: 'cmn',
  hi: 'hin',
  es: 'spa',
  fr: 'fra',
  ar: 'arb',
  bn: 'ben',
  pt: 'por',
  ru: 'rus',
  ur: 'urd',
  id: 'ind',
  de: 'deu',
  ja: 'jpn',
  mr: 'mar',
  te: 'tel',
  tr: 'tur',
  ta: 'tam',
  vi: 'vie',
  ko: 'kor',
  it: 'ita',
  fa: 'pes',
  sw: 'swh',
  pl: 'pol',
  nl: 'nld',
};

const FROM_ISO_639_3 = new Map(Object.entries(ISO_639_3).map(([code, iso3]) => [iso3, code as LanguageCode]));

/** The scripts we tell apart, each as the letters that belong to it. */
const SCRIPTS = {
  latin: /\p{Script=Latin}/gu,
  cyrillic: /\p{Script=Cyrillic}/gu,
  arabic: /\p{Script=Arabic}/gu,
  devanagari: /\p{Script=Devanagari}/gu,
  bengali: /\p{Script=Bengali}/gu,
  telugu: /\p{Script=Telugu}/gu,
  tamil: /\p{Script=Tamil}/gu,
  hangul: /\p{Script=Hangul}/gu,
  kana: /[\p{Script=Hiragana}\p{Script=Katakana}]/gu,
  han: /\p{Script=Han}/gu,
} as const;

type Script = keyof typeof SCRIPTS;

/** The scripts a language is written in (Japanese and Korean text carries Han characters too). */
const SCRIPTS_OF: Record<LanguageCode, readonly Script[]> = {
  ...(Object.fromEntries(LANGUAGES.map(({ code }) => [code, ['latin']])) as Record<LanguageCode, Script[]>),
  zh: ['han'],
  ja: ['kana', 'han'],
  ko: ['hangul', 'han'],
  hi: ['devanagari'],
  mr: ['devanagari'],
  ar: ['arabic'],
  ur: ['arabic'],
  fa: ['arabic'],
  bn: ['bengali'],
  ru: ['cyrillic'],
  te: ['telugu'],
  ta: ['tamil'],
};

/** Enough text to tell a language by, and quick to read: the opening of a transcript. */
const SAMPLE_CHARS = 4_000;

/** The script most of a text's letters are in; null for a text without letters. */
function dominantScript(text: string): Script | null {
  const sample = text.slice(0, SAMPLE_CHARS);
  let best: { script: Script; letters: number } | null = null;
  for (const [script, letters] of Object.entries(SCRIPTS) as [Script, RegExp][]) {
    const found = sample.match(letters)?.length ?? 0;
    if (found > (best?.letters ?? 0)) best = { script, letters: found };
  }
  return best?.script ?? null;
}

/** The language a transcript is in, when it is one of ours and the text says enough; else null. */
export function detectLanguage(text: string): LanguageCode | null {
  return FROM_ISO_639_3.get(franc(text.slice(0, SAMPLE_CHARS))) ?? null;
}

/**
 * The language to store for a pasted or uploaded transcript the user said is in `stated` (null: not
 * listed; undefined: not said, so detected): the stated one, unless the text is written in a script
 * that language is not (a Russian file marked Spanish), where it is null, so its words are searched
 * as written ('simple'), not stemmed by the wrong rules.
 */
export function transcriptLanguage(
  stated: LanguageCode | null | undefined,
  text: string,
): LanguageCode | null {
  if (stated === undefined) return detectLanguage(text);
  if (stated === null) return null;
  const script = dominantScript(text);
  return script === null || SCRIPTS_OF[stated].includes(script) ? stated : null;
}
