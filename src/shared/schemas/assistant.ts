import { z } from 'zod';

export const MAX_INSTRUCTIONS_CHARS = 20_000;
export const MISSING_AI_KEY_MESSAGE = 'The OPENAI_API_KEY environment variable is missing or empty';

/** The admin's assistant form: both fields required. */
export const assistantSettingsInput = z.object({
  instructions: z
    .string()
    .trim()
    .min(1, 'Instructions are required')
    .max(MAX_INSTRUCTIONS_CHARS, `Keep the instructions under ${MAX_INSTRUCTIONS_CHARS} characters`),
  model: z
    .string()
    .trim()
    .min(1, 'Model is required')
    .max(200, 'That model id is too long')
    .regex(/^[\w.:/@-]+$/, 'That is not a model id'),
});
export type AssistantSettingsInput = z.infer<typeof assistantSettingsInput>;
