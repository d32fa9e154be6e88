import type { z } from 'zod';
import { emailOnlyInput } from './auth';

/** The waitlist form: one e-mail address (stored lower-cased). */
export const joinWaitlistInput = emailOnlyInput;
export type JoinWaitlistInput = z.infer<typeof joinWaitlistInput>;
