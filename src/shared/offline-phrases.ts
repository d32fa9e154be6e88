import type { LanguageCode } from './languages';

/** The few fixed words the offline plan proposals and follow-up suggestions add around the user's own. */
interface OfflinePhrases {
  yourBusiness: string;
  towardGoal: (business: string, goal: string) => string;
  bearsOnChallenge: (business: string, challenge: string) => string;
  questionAbout: (snippet: string) => string;
}

const ENGLISH: OfflinePhrases = {
  yourBusiness: 'your business',
  towardGoal: (business, goal) => `It moves ${business} toward your goal: ${goal}.`,
  bearsOnChallenge: (business, challenge) => `It bears on ${business}'s challenge: ${challenge}.`,
  questionAbout: (snippet) => `What does the video say about “${snippet}”?`,
};

/** The languages with their own phrases; the others keep English (the offline model cannot translate). */
const PHRASES: Partial<Record<LanguageCode, OfflinePhrases>> = {
  en: ENGLISH,
  es: {
    yourBusiness: 'tu negocio',
    towardGoal: (business, goal) => `Acerca a ${business} a tu objetivo: ${goal}.`,
    bearsOnChallenge: (business, challenge) => `Responde al reto de ${business}: ${challenge}.`,
    questionAbout: (snippet) => `¿Qué dice el vídeo sobre «${snippet}»?`,
  },
  fr: {
    yourBusiness: 'votre entreprise',
    towardGoal: (business, goal) => `Cela rapproche ${business} de votre objectif : ${goal}.`,
    bearsOnChallenge: (business, challenge) => `Cela répond au défi de ${business} : ${challenge}.`,
    questionAbout: (snippet) => `Que dit la vidéo sur « ${snippet} » ?`,
  },
  de: {
    yourBusiness: 'Ihr Unternehmen',
    towardGoal: (business, goal) => `Es bringt ${business} Ihrem Ziel näher: ${goal}.`,
    bearsOnChallenge: (business, challenge) =>
      `Es betrifft die Herausforderung von ${business}: ${challenge}.`,
    questionAbout: (snippet) => `Was sagt das Video über „${snippet}“?`,
  },
  pt: {
    yourBusiness: 'o seu negócio',
    towardGoal: (business, goal) => `Aproxima ${business} do seu objetivo: ${goal}.`,
    bearsOnChallenge: (business, challenge) => `Responde ao desafio de ${business}: ${challenge}.`,
    questionAbout: (snippet) => `O que o vídeo diz sobre “${snippet}”?`,
  },
  it: {
    yourBusiness: 'la tua attività',
    towardGoal: (business, goal) => `Avvicina ${business} al tuo obiettivo: ${goal}.`,
    bearsOnChallenge: (business, challenge) => `Risponde alla sfida di ${business}: ${challenge}.`,
    questionAbout: (snippet) => `Cosa dice il video su “${snippet}”?`,
  },
};

export function offlinePhrases(language: string | null | undefined): OfflinePhrases {
  return (language && PHRASES[language as LanguageCode]) || ENGLISH;
}
