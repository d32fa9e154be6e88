import { eq } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, knownLanguage } from '../../../shared/languages';
import type { AccountSettingsInput } from '../../../shared/schemas/account';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../../../shared/time-zones';
import type { Executor } from '../../db/client';
import { profiles, users } from '../../db/schema';

export interface AccountSettings {
  /** Null until the browser (or the user) gives one; the server counts days in UTC meanwhile. */
  timeZone: string | null;
  answerLanguage: string;
}

export async function accountSettings(db: Executor, userId: string): Promise<AccountSettings> {
  const [row] = await db
    .select({ timeZone: users.timeZone, answerLanguage: profiles.answerLanguage })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return {
    timeZone: row?.timeZone ?? null,
    answerLanguage: knownLanguage(row?.answerLanguage) ?? DEFAULT_LANGUAGE,
  };
}

export async function saveAccountSettings(
  db: Executor,
  userId: string,
  input: AccountSettingsInput,
): Promise<AccountSettings> {
  await db.transaction(async (tx) => {
    if (input.timeZone !== undefined) {
      await tx.update(users).set({ timeZone: input.timeZone }).where(eq(users.id, userId));
    }
    if (input.answerLanguage !== undefined) {
      const answerLanguage = input.answerLanguage;
      await tx
        .insert(profiles)
        .values({ userId, answerLanguage })
        .onConflictDoUpdate({ target: profiles.userId, set: { answerLanguage, updatedAt: new Date() } });
    }
  });
  return accountSettings(db, userId);
}

/** The zone the user's days are counted in: theirs, or UTC (also for a zone this runtime stopped knowing). */
export async function userTimeZone(db: Executor, userId: string): Promise<string> {
  const [row] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  return usableTimeZone(row?.timeZone);
}

export function usableTimeZone(timeZone: string | null | undefined): string {
  return timeZone && isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
}
