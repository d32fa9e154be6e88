import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES } from './password';

export const EMAIL_REQUIRED_MESSAGE = 'Please enter your email address';

const email = z
  .string()
  .trim()
  .min(1, EMAIL_REQUIRED_MESSAGE)
  .max(254, 'That email address is too long')
  .pipe(z.email('Please enter a valid email address'));

export const emailOnlyInput = z.object({ email });
export type EmailOnlyInput = z.infer<typeof emailOnlyInput>;

export const signInInput = z.object({ email, password: z.string().min(1, 'Please enter your password') });
export type SignInInput = z.infer<typeof signInInput>;

export const signUpInput = z.object({
  name: z.string().trim().max(100, 'Keep your name under 100 characters'),
  email,
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooShort)
    .max(MAX_PASSWORD_LENGTH, 'Password must be at most 128 characters long'),
});
export type SignUpInput = z.infer<typeof signUpInput>;

export const verifyOtpInput = z.object({
  email,
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the email'),
});
export type VerifyOtpInput = z.infer<typeof verifyOtpInput>;
