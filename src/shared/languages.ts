import { z } from 'zod';

/**
 * The languages Vidvisor answers in and recognises in transcripts: the most spoken languages of the
 * world, by ISO 639-1 code. `searchConfig` is the PostgreSQL text-search configuration both
 * databases ship for it (PostgreSQL 15+ and PGlite); 'simple' where there is none, which matches
 * words as written, without stemming.
 */
export const LANGUAGES = [
  { code: 'en', name: 'English', nativeName: 'English', searchConfig: 'english' },
  { code: 'zh', name: 'Chinese', nativeName: '中文', searchConfig: 'simple' },
  { code: 'hi', name: 'Hindi', nativeName: 'हिन्दी', searchConfig: 'hindi' },
  { code: 'es', name: 'Spanish', nativeName: 'Español', searchConfig: 'spanish' },
  { code: 'fr', name: 'French', nativeName: 'Français', searchConfig: 'french' },
  { code: 'ar', name: 'Arabic', nativeName: 'العربية', searchConfig: 'arabic' },
  { code: 'bn', name: 'Bengali', nativeName: 'বাংলা', searchConfig: 'simple' },
  { code: 'pt', name: 'Portuguese', nativeName: 'Português', searchConfig: 'portuguese' },
  { code: 'ru', name: 'Russian', nativeName: 'Русский', searchConfig: 'russian' },
  { code: 'ur', name: 'Urdu', nativeName: 'اردو', searchConfig: 'simple' },
  { code: 'id', name: 'Indonesian', nativeName: 'Bahasa Indonesia', searchConfig: 'indonesian' },
  { code: 'de', name: 'German', nativeName: 'Deutsch', searchConfig: 'german' },
  { code: 'ja', name: 'Japanese', nativeName: '日本語', searchConfig: 'simple' },
  { code: 'mr', name: 'Marathi', nativeName: 'मराठी', searchConfig: 'simple' },
  { code: 'te', name: 'Telugu', nativeName: 'తెలుగు', searchConfig: 'simple' },
  { code: 'tr', name: 'Turkish', nativeName: 'Türkçe', searchConfig: 'turkish' },
  { code: 'ta', name: 'Tamil', nativeName: 'தமிழ்', searchConfig: 'tamil' },
  { code: 'vi', name: 'Vietnamese', nativeName: 'Tiếng Việt', searchConfig: 'simple' },
  { code: 'ko', name: 'Korean', nativeName: '한국어', searchConfig: 'simple' },
  { code: 'it', name: 'Italian', nativeName: 'Italiano', searchConfig: 'italian' },
  { code: 'fa', name: 'Persian', nativeName: 'فارسی', searchConfig: 'simple' },
  { code: 'sw', name: 'Swahili', nativeName: 'Kiswahili', searchConfig: 'simple' },
  { code: 'pl', name: 'Polish', nativeName: 'Polski', searchConfig: 'simple' },
  { code: 'nl', name: 'Dutch', nativeName: 'Nederlands', searchConfig: 'dutch' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export type SearchConfig = (typeof LANGUAGES)[number]['searchConfig'];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

const CODES = LANGUAGES.map((language) => language.code) as [LanguageCode, ...LanguageCode[]];

export const languageCode = z.enum(CODES, 'Choose a language from the list');

const BY_CODE = new Map<string, (typeof LANGUAGES)[number]>(
  LANGUAGES.map((language) => [language.code, language]),
);

/** The primary subtag of a BCP 47 tag ('es-419' → 'es'), when it is one of ours. */
export function knownLanguage(tag: string | null | undefined): LanguageCode | null {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return primary && BY_CODE.has(primary) ? (primary as LanguageCode) : null;
}

export function languageName(code: string | null | undefined): string | null {
  const language = code ? BY_CODE.get(code) : undefined;
  return language ? language.name : null;
}

/** The text-search configuration to index and query a text of this language with. */
export function searchConfigFor(code: string | null | undefined): SearchConfig {
  return (code && BY_CODE.get(code)?.searchConfig) || 'simple';
}
