import { describe, expect, it } from 'vitest';
import { detectLanguage, transcriptLanguage } from './language-detection';

const SPANISH =
  'Bienvenidos de nuevo al canal. Hoy hablamos de precios y de cómo retener a los mejores clientes de una panadería.';
const ENGLISH =
  'Welcome back to the channel. Today we talk about pricing and how to keep the best customers of a bakery.';
const RUSSIAN =
  'Добро пожаловать на канал. Сегодня мы поговорим о ценах и о том, как удержать лучших клиентов пекарни.';
const JAPANESE =
  'チャンネルへようこそ。今日はパン屋の価格設定と、一番のお客様を引き留める方法について話します。';

describe('detectLanguage', () => {
  it('tells the language of a transcript from its words', () => {
    expect(detectLanguage(SPANISH)).toBe('es');
    expect(detectLanguage(ENGLISH)).toBe('en');
    expect(detectLanguage(RUSSIAN)).toBe('ru');
    expect(detectLanguage(JAPANESE)).toBe('ja');
  });

  it('says nothing for a text too short or in a language not on our list', () => {
    expect(detectLanguage('ok')).toBeNull();
    expect(
      detectLanguage(
        'Välkommen tillbaka till kanalen. Idag pratar vi om priser och om hur man behåller de bästa kunderna.',
      ),
    ).toBeNull();
  });
});

describe('transcriptLanguage', () => {
  it('keeps the stated language when the text is written in its script', () => {
    expect(transcriptLanguage('es', SPANISH)).toBe('es');
    // The script agrees though the words are English: the user's word stands.
    expect(transcriptLanguage('es', ENGLISH)).toBe('es');
    expect(transcriptLanguage('ja', JAPANESE)).toBe('ja');
    expect(transcriptLanguage('ru', RUSSIAN)).toBe('ru');
  });

  it('stores no language when the text is in another script than the stated language', () => {
    expect(transcriptLanguage('es', RUSSIAN)).toBeNull();
    expect(transcriptLanguage('ru', SPANISH)).toBeNull();
    expect(transcriptLanguage('ko', JAPANESE)).toBeNull();
  });

  it('keeps a stated language for a text without letters, none when "not listed", and detects when unsaid', () => {
    expect(transcriptLanguage('de', '00:01 … 12:30')).toBe('de');
    expect(transcriptLanguage(null, SPANISH)).toBeNull();
    expect(transcriptLanguage(undefined, SPANISH)).toBe('es');
  });
});
