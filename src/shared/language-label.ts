import { LANGUAGES, type LanguageCode } from './languages';

/** A language as a picker and a prompt name it: 'Spanish (Español)', or 'English' alone. */
export function languageLabel(code: LanguageCode): string {
  const language = LANGUAGES.find((candidate) => candidate.code === code) ?? LANGUAGES[0];
  return language.nativeName === language.name ? language.name : `${language.name} (${language.nativeName})`;
}

/** Our languages in the order a picker lists them: by English name. */
export const LANGUAGES_BY_NAME = [...LANGUAGES].sort((a, b) => a.name.localeCompare(b.name));
