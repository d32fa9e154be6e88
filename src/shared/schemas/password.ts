import { z } from 'zod';

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  mismatch: 'Passwords do not match',
  tooShort: 'Password must be at least 6 characters long',
  resetFallback: 'An error occurred while resetting your password',
} as const;

/** New Password + Confirm Password, as on the reset page and the Change Password tab. */
export const newPasswordInput = z
  .object({
    password: z.string().min(1, 'Required'),
    confirmPassword: z.string().min(1, 'Required'),
  })
  .superRefine((value, ctx) => {
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
  });
export type NewPasswordInput = z.infer<typeof newPasswordInput>;
