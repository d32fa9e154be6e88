import { eq } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, knownLanguage } from '../../../shared/languages';
import { type BusinessProfileInput, EMPTY_PROFILE } from '../../../shared/schemas/profile';
import type { Executor } from '../../db/client';
import { profiles } from '../../db/schema';

type ProfileRow = typeof profiles.$inferSelect;

export function toBusinessProfile(row: ProfileRow): BusinessProfileInput {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    businessName: row.businessName,
    industry: row.industry,
    productsServices: row.productsServices,
    elevatorPitch: row.elevatorPitch,
    targetMarket: { demographics: row.demographics, psychographics: row.psychographics },
    problemsAddressed: row.problemsAddressed,
    usp: row.usp,
    businessGoals: { shortTerm: row.shortTermGoals, longTerm: row.longTermGoals },
    currentChallenges: row.currentChallenges,
    additionalDetails: row.additionalDetails,
    answerLanguage: knownLanguage(row.answerLanguage) ?? DEFAULT_LANGUAGE,
  };
}

export function toProfileColumns(profile: BusinessProfileInput) {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    businessName: profile.businessName,
    industry: profile.industry,
    productsServices: profile.productsServices,
    elevatorPitch: profile.elevatorPitch,
    demographics: profile.targetMarket.demographics,
    psychographics: profile.targetMarket.psychographics,
    problemsAddressed: profile.problemsAddressed,
    usp: profile.usp,
    shortTermGoals: profile.businessGoals.shortTerm,
    longTermGoals: profile.businessGoals.longTerm,
    currentChallenges: profile.currentChallenges,
    additionalDetails: profile.additionalDetails,
    answerLanguage: profile.answerLanguage,
  };
}

/** The user's business profile, or the default empty one when none was saved. */
export async function getProfile(db: Executor, userId: string): Promise<BusinessProfileInput> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row ? toBusinessProfile(row) : structuredClone(EMPTY_PROFILE);
}

/** Saves the whole profile (validated by the route with the wizard's schema) and returns it. */
export async function saveProfile(
  db: Executor,
  userId: string,
  profile: BusinessProfileInput,
): Promise<BusinessProfileInput> {
  const columns = toProfileColumns(profile);
  const [row] = await db
    .insert(profiles)
    .values({ userId, ...columns })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...columns, updatedAt: new Date() } })
    .returning();
  return toBusinessProfile(row!);
}
