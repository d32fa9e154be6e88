import { z } from 'zod';
import { FRESH_SIGN_IN_MINUTES } from './account';
import { hasNoNul, NUL_IN_TEXT_MESSAGE } from './common';

/** What a memory says about the business, in the order the page groups them. */
export const MEMORY_KINDS = ['fact', 'decision', 'constraint', 'preference', 'outcome'] as const;
export type MemoryKind = (typeof MEMORY_KINDS)[number];

export const MEMORY_KIND_LABELS: Record<MemoryKind, string> = {
  fact: 'Facts',
  decision: 'Decisions',
  constraint: 'Constraints',
  preference: 'Preferences',
  outcome: 'Outcomes',
};

/** Where a memory came from: a consultation's message, a plan item's outcome, or typed on the page. */
export const MEMORY_ORIGINS = ['chat', 'plan', 'typed'] as const;
export type MemoryOrigin = (typeof MEMORY_ORIGINS)[number];

/** How a plan item went, as its outcome says. */
export const PLAN_OUTCOMES = ['worked', 'partly', 'didnt'] as const;
export type PlanOutcome = (typeof PLAN_OUTCOMES)[number];

export const PLAN_OUTCOME_LABELS: Record<PlanOutcome, string> = {
  worked: 'It worked',
  partly: 'It partly worked',
  didnt: "It didn't work",
};

/** What the check-in mail's "How did it go?" links answer when they change nothing. */
export const OUTCOME_LINK_MESSAGES = {
  invalid: 'This link is not valid. Open My Plan to say how the step went.',
  expired: 'This link has expired. Open My Plan to say how the step went.',
  used: 'You already said how this step went. Open My Plan to change it.',
  paused:
    'Your memory is paused, so nothing was recorded. Turn it back on in Memory to record how steps went.',
} as const;

/** The check-in mail's "How did it go?" link: its signed token. */
export const outcomeLinkQuery = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{10,600}\.[A-Za-z0-9_-]{43}$/, OUTCOME_LINK_MESSAGES.invalid),
});

export const MEMORY_LIMITS = {
  statement: 300,
  perUser: 200,
  outcomeNote: 200,
} as const;

/** What "Forget everything" asks to be typed, besides the password where the account has one. */
export const FORGET_CONFIRMATION = 'FORGET';

export const MEMORY_MESSAGES = {
  statementRequired: 'Write what Vidvisor should remember',
  statementTooLong: `A memory can be up to ${MEMORY_LIMITS.statement} characters`,
  kind: `Choose a kind: ${MEMORY_KINDS.join(', ')}`,
  full: `Vidvisor can remember up to ${MEMORY_LIMITS.perUser} things. Delete some to add more.`,
  nothingToChange: 'Nothing to change',
  confirm: `Type ${FORGET_CONFIRMATION} to forget everything`,
  password: 'Enter your password to forget everything',
  wrongPassword: 'That password is not right',
  freshSignInRequired: `For your security, sign in again with a one-time code to forget everything: the sign-in must be less than ${FRESH_SIGN_IN_MINUTES} minutes old.`,
  outcome: `Choose how it went: ${PLAN_OUTCOMES.join(', ')}`,
  outcomeNotFinished: 'Only a step that is done or dropped can have an outcome',
} as const;

export const memoryStatement = z
  .string(MEMORY_MESSAGES.statementRequired)
  .trim()
  .min(1, MEMORY_MESSAGES.statementRequired)
  .max(MEMORY_LIMITS.statement, MEMORY_MESSAGES.statementTooLong)
  .refine(hasNoNul, NUL_IN_TEXT_MESSAGE);

export const memoryKind = z.enum(MEMORY_KINDS, MEMORY_MESSAGES.kind);

export const addMemoryInput = z.strictObject({ statement: memoryStatement, kind: memoryKind });
export type AddMemoryInput = z.infer<typeof addMemoryInput>;

export const updateMemoryInput = z
  .strictObject({ statement: memoryStatement.optional(), kind: memoryKind.optional() })
  .refine(
    (input) => input.statement !== undefined || input.kind !== undefined,
    MEMORY_MESSAGES.nothingToChange,
  );
export type UpdateMemoryInput = z.infer<typeof updateMemoryInput>;

export const memoryParam = z.object({ memoryId: z.guid('Not a valid memory id') });

export const memoryPauseInput = z.strictObject({ paused: z.boolean('Say whether memory is paused') });

export const forgetMemoryInput = z.strictObject({
  confirm: z.literal(FORGET_CONFIRMATION, MEMORY_MESSAGES.confirm),
  password: z.string().max(1024).refine(hasNoNul, NUL_IN_TEXT_MESSAGE).optional(),
});
export type ForgetMemoryInput = z.infer<typeof forgetMemoryInput>;

export const useMemoryInput = z.strictObject({ useMemory: z.boolean('Say whether to use memory') });

export const chatMemoryParam = z.object({ chatId: z.guid('Not a valid chat id') });

export const planOutcomeParam = z.object({ itemId: z.guid('Not a valid item id') });

export const planOutcomeInput = z.strictObject({
  outcome: z.enum(PLAN_OUTCOMES, MEMORY_MESSAGES.outcome),
  note: z
    .string()
    .trim()
    .max(MEMORY_LIMITS.outcomeNote, `The note can be up to ${MEMORY_LIMITS.outcomeNote} characters`)
    .refine(hasNoNul, NUL_IN_TEXT_MESSAGE)
    .default(''),
});
export type PlanOutcomeInput = z.infer<typeof planOutcomeInput>;

/** A memory as the API shows it. */
export interface MemoryView {
  id: string;
  /** Its number among the user's memories: what an answer cites as [M3]. */
  number: number;
  statement: string;
  kind: MemoryKind;
  origin: MemoryOrigin;
  /** The consultation it came from, while it exists. */
  chatId: string | null;
  messageId: string | null;
  /** The plan item whose outcome it is, while it exists. */
  planItemId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** An answer's citation of a memory: [M3]. */
export const MEMORY_CITATION = /\[M(\d{1,4})\]/g;
