import { z } from 'zod';

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  mismatch: 'Passwords do not match',
  tooShort: 'Password must be at least 6 characters long',
  resetFallback: 'An error occurred while resetting your password',
  tooCommon: 'This password is one of the most common ones. Please choose one that is harder to guess.',
  tooWeak:
    'This password is too easy to guess. Make it longer, for example a few unrelated words with a number or a symbol.',
  containsEmail: 'Your password must not contain your email address or the part before the @.',
} as const;

/** A local part this short ("jo") is too common a fragment to refuse in a password. */
const MIN_LOCAL_PART_LENGTH = 3;

/** Whether a password contains the e-mail address's local part (case-insensitive, 3 characters or more). */
export function containsEmailName(password: string, email: string): boolean {
  const localPart = email.trim().split('@')[0]?.toLowerCase() ?? '';
  return localPart.length >= MIN_LOCAL_PART_LENGTH && password.toLowerCase().includes(localPart);
}

const newPasswordFields = {
  password: z.string().min(1, 'Required'),
  confirmPassword: z.string().min(1, 'Required'),
};

/** The reset page's and the Change Password tab's rules on New Password + Confirm Password. */
function checkNewPassword(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', message: PASSWORD_MESSAGES.mismatch, path: ['confirmPassword'] });
  } else if (value.password.length < MIN_PASSWORD_LENGTH) {
    ctx.addIssue({ code: 'custom', message: PASSWORD_MESSAGES.tooShort, path: ['password'] });
  } else if (value.password.length > MAX_PASSWORD_LENGTH) {
    ctx.addIssue({
      code: 'custom',
      message: 'Password must be at most 128 characters long',
      path: ['password'],
    });
  }
}

/** New Password + Confirm Password, as on the reset page. */
export const newPasswordInput = z.object(newPasswordFields).superRefine(checkNewPassword);
export type NewPasswordInput = z.infer<typeof newPasswordInput>;

/** The Change Password tab: the same rules, plus the current password Better Auth asks for. */
export const changePasswordInput = z
  .object({ currentPassword: z.string().min(1, 'Please enter your current password'), ...newPasswordFields })
  .superRefine(checkNewPassword);
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;
