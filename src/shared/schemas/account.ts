import { z } from 'zod';
import { languageCode } from '../languages';
import { timeZoneName } from '../time-zones';
import { MAX_PASSWORD_LENGTH } from './password';

/** A password-less account proves itself by a sign-in this recent before it may be deleted. */
export const FRESH_SIGN_IN_MINUTES = 5;

export const ACCOUNT_DELETION_MESSAGES = {
  passwordRequired: 'Enter your password to delete your account',
  wrongPassword: 'That password is not correct. Your account was not deleted.',
  freshSignInRequired: `For your security, sign in again with a one-time code to delete your account: the sign-in must be less than ${FRESH_SIGN_IN_MINUTES} minutes old.`,
} as const;

/** Delete Account's proof: the password, for an account that has one. */
export const deleteAccountInput = z.object({
  password: z.string().max(MAX_PASSWORD_LENGTH, 'Password must be at most 128 characters long').optional(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountInput>;

/** The Delete Account dialog's form, for an account with a password. */
export const deleteAccountWithPasswordInput = z.object({
  password: z.string().min(1, ACCOUNT_DELETION_MESSAGES.passwordRequired),
});
export type DeleteAccountWithPasswordInput = z.infer<typeof deleteAccountWithPasswordInput>;

/** Account settings a user changes one at a time: the time zone and the answers' language. */
export const accountSettingsInput = z
  .object({ timeZone: timeZoneName.optional(), answerLanguage: languageCode.optional() })
  .refine((body) => body.timeZone !== undefined || body.answerLanguage !== undefined, 'Nothing to change');
export type AccountSettingsInput = z.infer<typeof accountSettingsInput>;
