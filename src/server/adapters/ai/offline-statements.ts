import { DEFAULT_LANGUAGE, type LanguageCode, languageName } from '../../../shared/languages';

/**
 * What the offline model says once, at the top of an answer in another language than English: it
 * quotes the video as it is, since it cannot translate. One short sentence per language where we have
 * a reliable one; the others get the English sentence naming their language.
 */
const UNTRANSLATED: Partial<Record<LanguageCode, string>> = {
  es: 'El modelo sin conexión cita el vídeo tal como es: no puede traducirlo.',
  fr: 'Le modèle hors ligne cite la vidéo telle quelle : il ne peut pas la traduire.',
  de: 'Das Offline-Modell zitiert das Video so, wie es ist: Es kann nicht übersetzen.',
  pt: 'O modelo offline cita o vídeo tal como está: não consegue traduzi-lo.',
  it: "Il modello offline cita il video così com'è: non può tradurlo.",
  nl: 'Het offline model citeert de video zoals hij is: het kan niet vertalen.',
  pl: 'Model offline cytuje film w oryginale: nie potrafi go przetłumaczyć.',
  tr: 'Çevrimdışı model videoyu olduğu gibi aktarır: çeviri yapamaz.',
  ru: 'Офлайн-модель цитирует видео как есть: переводить она не умеет.',
  id: 'Model offline mengutip video apa adanya: model ini tidak dapat menerjemahkan.',
  zh: '离线模型按原文引用视频内容，无法翻译。',
  ja: 'オフラインモデルは動画をそのまま引用するため、翻訳はできません。',
  ko: '오프라인 모델은 영상을 있는 그대로 인용하며 번역할 수 없습니다.',
  hi: 'ऑफ़लाइन मॉडल वीडियो को जैसा है वैसा ही उद्धृत करता है: यह अनुवाद नहीं कर सकता।',
  ar: 'يقتبس النموذج غير المتصل الفيديو كما هو: لا يمكنه الترجمة.',
  vi: 'Mô hình ngoại tuyến trích dẫn video nguyên văn: nó không thể dịch.',
};

/** The statement for an answer in `language`; null for English, which needs none. */
export function untranslatedStatement(language: string | undefined): string | null {
  if (!language || language === DEFAULT_LANGUAGE) return null;
  const own = UNTRANSLATED[language as LanguageCode];
  if (own) return own;
  const name = languageName(language);
  return `The offline model quotes the video as it is: it cannot translate${name ? ` into ${name}` : ''}.`;
}
