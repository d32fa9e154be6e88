import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** The business profile of the spec, one row per user. Every field is text, empty by default; answers are in English by default. */
export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  businessName: text('business_name').notNull().default(''),
  industry: text('industry').notNull().default(''),
  productsServices: text('products_services').notNull().default(''),
  elevatorPitch: text('elevator_pitch').notNull().default(''),
  demographics: text('demographics').notNull().default(''),
  psychographics: text('psychographics').notNull().default(''),
  problemsAddressed: text('problems_addressed').notNull().default(''),
  usp: text('usp').notNull().default(''),
  shortTermGoals: text('short_term_goals').notNull().default(''),
  longTermGoals: text('long_term_goals').notNull().default(''),
  currentChallenges: text('current_challenges').notNull().default(''),
  additionalDetails: text('additional_details').notNull().default(''),
  /** 'Answer in': the language code (src/shared/languages.ts) every answer is written in. */
  answerLanguage: text('answer_language').notNull().default('en'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
