import type { BusinessProfileInput } from '../../shared/schemas/profile';

export const SAMPLE_PROFILE: BusinessProfileInput = {
  firstName: 'Maya',
  lastName: 'Okafor',
  businessName: 'Brightside Bakery',
  industry: 'Food and beverage',
  productsServices: 'Sourdough bread, pastries and a weekly subscription box delivered locally',
  elevatorPitch: 'A neighbourhood bakery that delivers fresh sourdough to busy families every week.',
  targetMarket: {
    demographics: 'Families aged 30-50 in the city centre, middle income',
    psychographics: 'Value fresh local food, short on time, loyal to brands they trust',
  },
  problemsAddressed: 'Supermarket bread is stale and full of additives; good bakeries are far away',
  usp: 'Baked overnight and delivered before breakfast, with a flexible subscription',
  businessGoals: {
    shortTerm: 'Reach 300 weekly subscribers',
    longTerm: 'Open a second kitchen and supply cafes',
  },
  currentChallenges: 'Customer acquisition costs are high and churn after the first month',
  additionalDetails: '',
  answerLanguage: 'en',
};

let counter = 0;
/** A unique, valid e-mail address for a test user. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
