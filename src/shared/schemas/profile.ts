import { z } from 'zod';
import { DEFAULT_LANGUAGE, languageCode } from '../languages';

/** Length bounds for the business profile (the spec sets none; these keep prompts and rows sane). */
export const PROFILE_LIMITS = { short: 200, long: 2000, details: 5000 } as const;

const required = (max: number) =>
  z.string().trim().min(1, 'This field is required').max(max, `Keep this under ${max} characters`);
const optional = (max: number) => z.string().trim().max(max, `Keep this under ${max} characters`);

/** The business profile as the API and the wizard exchange it (the spec's shape). */
export const businessProfileInput = z.object({
  firstName: required(PROFILE_LIMITS.short),
  lastName: required(PROFILE_LIMITS.short),
  businessName: required(PROFILE_LIMITS.short),
  industry: required(PROFILE_LIMITS.short),
  productsServices: required(PROFILE_LIMITS.long),
  elevatorPitch: required(PROFILE_LIMITS.long),
  targetMarket: z.object({
    demographics: required(PROFILE_LIMITS.long),
    psychographics: required(PROFILE_LIMITS.long),
  }),
  problemsAddressed: required(PROFILE_LIMITS.long),
  usp: required(PROFILE_LIMITS.long),
  businessGoals: z.object({
    shortTerm: required(PROFILE_LIMITS.long),
    longTerm: required(PROFILE_LIMITS.long),
  }),
  currentChallenges: required(PROFILE_LIMITS.long),
  additionalDetails: optional(PROFILE_LIMITS.details).default(''),
  /** 'Answer in': the language every answer, plan proposal and follow-up suggestion is written in. */
  answerLanguage: languageCode.default(DEFAULT_LANGUAGE),
});
export type BusinessProfileInput = z.infer<typeof businessProfileInput>;

export type BusinessProfile = BusinessProfileInput & { email: string };

export const EMPTY_PROFILE: BusinessProfileInput = {
  firstName: '',
  lastName: '',
  businessName: '',
  industry: '',
  productsServices: '',
  elevatorPitch: '',
  targetMarket: { demographics: '', psychographics: '' },
  problemsAddressed: '',
  usp: '',
  businessGoals: { shortTerm: '', longTerm: '' },
  currentChallenges: '',
  additionalDetails: '',
  answerLanguage: DEFAULT_LANGUAGE,
};

/** Complete when every required field passes: the wizard's rule, used by the onboarding gate. */
export function isProfileComplete(profile: BusinessProfileInput): boolean {
  return businessProfileInput.safeParse(profile).success;
}
