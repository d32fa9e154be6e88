import { describe, expect, it } from 'vitest';
import { knownLanguage, LANGUAGES, languageCode, languageName, searchConfigFor } from './languages';

describe('languages', () => {
  it('offers at least the 20 most spoken languages, each once', () => {
    const codes = LANGUAGES.map((language) => language.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThanOrEqual(20);
  });

  it('reads the primary subtag of a browser or caption tag', () => {
    expect(knownLanguage('es-419')).toBe('es');
    expect(knownLanguage('pt_BR')).toBe('pt');
    expect(knownLanguage('EN')).toBe('en');
    expect(knownLanguage('xx')).toBeNull();
    expect(knownLanguage('')).toBeNull();
    expect(knownLanguage(null)).toBeNull();
  });

  it('names a language and picks its text-search configuration, simple when there is none', () => {
    expect(languageName('es')).toBe('Spanish');
    expect(languageName('xx')).toBeNull();
    expect(searchConfigFor('es')).toBe('spanish');
    expect(searchConfigFor('ja')).toBe('simple');
    expect(searchConfigFor('xx')).toBe('simple');
    expect(searchConfigFor(null)).toBe('simple');
  });

  it('refuses an unknown code with a clear message', () => {
    expect(languageCode.safeParse('de').success).toBe(true);
    const refused = languageCode.safeParse('klingon');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Choose a language from the list');
  });
});
