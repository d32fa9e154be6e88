import { generateText, type LanguageModel, NoObjectGeneratedError, Output } from 'ai';
import { z } from 'zod';
import { citationParts, citedMoment } from '../../../shared/citations';
import { monthKey } from '../../../shared/dates';
import { addDays } from '../../../shared/plan';
import type { ExtractedItem } from '../../../shared/plan-extraction';
import { PLAN_LIMITS } from '../../../shared/schemas/plan';
import type { BusinessProfileInput } from '../../../shared/schemas/profile';
import type { SessionUser } from '../../context';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { answerLanguageRule } from '../chat/prompt';
import { acquireGenerationSlot, usageIncrement } from '../usage/usage.service';
import type { PlanAnswer } from './plan-answers';

/** The longest a proposal waits for the model. */
const PROPOSAL_TIMEOUT_MS = 2 * 60_000;
const MAX_DUE_DAYS = 365;

/**
 * What the model fills in. No length or count limits in the JSON schema (strict structured outputs
 * refuse some of those keywords): the server cuts titles, reasons and the list to the plan's limits.
 */
const proposalSchema = z.object({
  items: z.array(
    z.object({
      title: z.string().describe('A short imperative step, at most 120 characters'),
      why: z
        .string()
        .describe("Why it matters for this business's goals or challenges, at most 400 characters"),
      dueInDays: z.number().int().describe('Days from today until it should be done, 1 to 90'),
      citation: z
        .string()
        .nullable()
        .describe(
          "The answer's citation this step comes from, copied as written ('[14:05]' or '[V2 14:05]'), or null",
        ),
    }),
  ),
});

const SYSTEM = [
  'You turn a business consultation answer into an action plan for the business owner described below.',
  `Propose at most ${PLAN_LIMITS.itemsPerAdd} concrete steps drawn only from the answer, most important first.`,
  'Each title is an imperative of at most 120 characters. Each why ties the step to the profile’s goals or',
  'challenges in at most 400 characters. Copy the citation of the moment a step comes from exactly as the',
  'answer writes it; null when the step cites nothing. Suggest a realistic due date as days from today.',
].join(' ');

/** The steps done or dropped the model is shown, the latest first (the server drops any of them anyway). */
const CLOSED_STEPS_SHOWN = 40;

/** What the model reads beside the answer. */
export interface ProposalContext {
  profile: BusinessProfileInput;
  today: string;
  /** The user's memories as a reply's prompt carries them; '' when none or memory is off. */
  memories: string;
  /** Titles of the user's steps done or dropped. */
  closed: readonly string[];
}

function closedSection(closed: readonly string[]): string {
  if (!closed.length) return '';
  return [
    '## Steps already done or dropped',
    'Never propose any of these again, nor the same step reworded.',
    closed
      .slice(0, CLOSED_STEPS_SHOWN)
      .map((title) => `- ${title}`)
      .join('\n'),
  ].join('\n');
}

function systemOf({ profile, today, memories, closed }: ProposalContext): string {
  return [
    `${SYSTEM} ${answerLanguageRule(profile.answerLanguage, 'every title and why')}`,
    profileSummary(profile),
    `Today is ${today}.`,
    memories,
    closedSection(closed),
  ]
    .filter(Boolean)
    .join('\n\n');
}

function profileSummary(profile: BusinessProfileInput): string {
  return [
    `Business: ${profile.businessName} (${profile.industry})`,
    `Short-term goal: ${profile.businessGoals.shortTerm}`,
    `Long-term goal: ${profile.businessGoals.longTerm}`,
    `Current challenges: ${profile.currentChallenges}`,
  ].join('\n');
}

/**
 * One structured-output call for the proposal. Checked and counted as a reply is: the user's
 * generation slot first (402 over the month's limit), then the call's tokens added to the month's
 * usage as the slot is released.
 */
export async function proposeWithModel(
  db: Database,
  model: LanguageModel,
  user: SessionUser,
  answer: PlanAnswer,
  context: ProposalContext,
): Promise<ExtractedItem[]> {
  const { today } = context;
  const slot = await acquireGenerationSlot(db, user);
  let tokens = 0;
  try {
    const result = await generateText({
      model,
      system: systemOf(context),
      prompt: answer.content,
      output: Output.object({ schema: proposalSchema, name: 'action_plan' }),
      abortSignal: AbortSignal.timeout(PROPOSAL_TIMEOUT_MS),
      maxRetries: 1,
    });
    tokens = (result.totalUsage.inputTokens ?? 0) + (result.totalUsage.outputTokens ?? 0);
    return result.output.items.slice(0, PLAN_LIMITS.itemsPerAdd).flatMap((item) => {
      const title = clip(item.title, PLAN_LIMITS.title);
      if (!title) return [];
      const days = Math.min(Math.max(Math.round(item.dueInDays), 1), MAX_DUE_DAYS);
      return [
        {
          title,
          why: clip(item.why, PLAN_LIMITS.why),
          dueDate: addDays(today, days),
          moment: momentOf(item.citation, answer),
        },
      ];
    });
  } catch (error) {
    // A reply the model sent but that did not fit the schema still spent its tokens.
    if (NoObjectGeneratedError.isInstance(error) && error.usage) {
      tokens = (error.usage.inputTokens ?? 0) + (error.usage.outputTokens ?? 0);
    }
    throw error instanceof AppError
      ? error
      : new AppError(502, 'proposal_failed', 'The plan could not be drafted just now. Please try again.');
  } finally {
    await db.transaction(async (tx) => {
      if (tokens > 0) await usageIncrement(tx, { userId: user.id, month: monthKey(new Date()), tokens });
      await slot.release(tx);
    });
  }
}

function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1).trimEnd()}…` : clean;
}

/** The moment a copied citation names, when it is one of the answer's (a video's or a transcript's). */
function momentOf(citation: string | null, answer: PlanAnswer) {
  const cited = citation ? citationParts(citation).find((part) => part.citation)?.citation : undefined;
  if (!cited || !answer.content.includes(citation!.trim())) return null;
  return citedMoment(cited, answer.resolve);
}
