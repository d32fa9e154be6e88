import { generateText } from 'ai';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { monthKey } from '../../../shared/dates';
import type { BusinessProfileInput } from '../../../shared/schemas/profile';
import type { AppDeps, SessionUser } from '../../context';
import { chatMessages, chats, followUpSuggestions } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { getAssistantSettings } from '../assistant/assistant.service';
import { updateChatStatement } from '../chat/chat.queries';
import { answerLanguageRule, profileText } from '../chat/prompt';
import { passagesForChat } from '../chat/sources.service';
import { memoriesForPrompt, memorySection, type PromptMemory } from '../memory/memory-prompt';
import { getProfile } from '../profile/profile.service';
import { acquireGenerationSlot, type GenerationSlot, usageIncrement } from '../usage/usage.service';
import {
  type CandidatePassage,
  FOLLOW_UPS_SYSTEM,
  offlineFollowUps,
  parseFollowUps,
} from './offline-follow-ups';

/** The passages considered, in characters (the best for the profile first). */
const PASSAGE_BUDGET = 6_000;
/** The answer as the model reads it when suggesting. */
const ANSWER_CHARS = 3_000;

interface Suggested {
  questions: string[];
  source: string;
  tokens: { prompt: number; completion: number };
}

/**
 * The follow-up questions under one of the user's answers, made the first time they are asked for and
 * kept. With an AI key, a short second call writes them, reading the user's memories as a reply's
 * prompt does, its tokens counted as a reply's are; offline, when over the plan's limit, or when that
 * call fails or says nothing usable, they come from the transcript passages the answer did not use
 * (best for the relevant memories and the profile first), and cost nothing.
 */
export async function followUpsFor(
  deps: AppDeps,
  user: SessionUser,
  ref: { chatId: string; messageId: string },
): Promise<string[]> {
  const answer = await readAnswer(deps, user, ref);
  if (answer.kept) return answer.kept;
  const slot = await modelSlot(deps, user);
  try {
    // Read again under the lease: a request that finished meanwhile has kept its questions.
    const { kept } = await readAnswer(deps, user, ref);
    if (kept) return kept;
    const [profile, memories] = await Promise.all([
      getProfile(deps.db, user.id),
      memoriesForPrompt(deps.db, { userId: user.id, chatId: ref.chatId, about: answer.content }),
    ]);
    const ranking = passageQuestion(profile, memories);
    const passages = await passagesForChat(deps.db, ref.chatId, ranking, PASSAGE_BUDGET);
    const suggested = await suggest(deps, slot, { answer: answer.content, profile, passages, memories });
    return await keep(deps, user, ref, suggested);
  } finally {
    await slot?.release(deps.db);
  }
}

async function readAnswer(deps: AppDeps, user: SessionUser, ref: { chatId: string; messageId: string }) {
  const [answer] = await deps.db
    .select({ content: chatMessages.content, kept: followUpSuggestions.questions })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .leftJoin(followUpSuggestions, eq(followUpSuggestions.messageId, chatMessages.id))
    .where(
      and(
        eq(chatMessages.id, ref.messageId),
        eq(chatMessages.chatId, ref.chatId),
        eq(chatMessages.userId, user.id),
        eq(chatMessages.role, 'assistant'),
        ne(chatMessages.status, 'error'),
        isNull(chats.deletedAt),
      ),
    )
    .limit(1);
  if (!answer) throw notFound('Answer not found');
  return answer;
}

/**
 * The user's follow-ups lease, so parallel requests never call the paid model twice (409 while other
 * suggestions are being written; the client asks again). It is not the reply's lease: a send never
 * waits for suggestions (decision 061). Null when the questions come from the passages: offline, or
 * over the plan's limit.
 */
async function modelSlot(deps: AppDeps, user: SessionUser): Promise<GenerationSlot | null> {
  if (deps.ai.kind === 'offline') return null;
  try {
    return await acquireGenerationSlot(deps.db, user, 'follow-ups');
  } catch (error) {
    if (error instanceof AppError && error.code === 'usage_limit_exceeded') return null;
    throw error;
  }
}

/** The words the passages are ranked against: the relevant memories', then the profile's. */
const passageQuestion = (profile: BusinessProfileInput, memories: readonly PromptMemory[]) =>
  [
    ...memories.filter((memory) => memory.relevant).map((memory) => memory.statement),
    profile.industry,
    profile.productsServices,
    profile.problemsAddressed,
    profile.businessGoals.shortTerm,
    profile.currentChallenges,
  ].join(' ');

async function suggest(
  deps: AppDeps,
  slot: GenerationSlot | null,
  context: {
    answer: string;
    profile: BusinessProfileInput;
    passages: CandidatePassage[];
    memories: readonly PromptMemory[];
  },
): Promise<Suggested> {
  const offline = (): Suggested => ({
    questions: offlineFollowUps(context.answer, context.passages, context.profile.answerLanguage),
    source: 'offline',
    tokens: { prompt: 0, completion: 0 },
  });
  if (!slot || deps.ai.kind === 'offline') return offline();
  try {
    const settings = await getAssistantSettings(deps.db);
    const result = await generateText({
      model: deps.ai.languageModel(settings.model),
      system: `${FOLLOW_UPS_SYSTEM} ${answerLanguageRule(context.profile.answerLanguage, 'the questions')}`,
      prompt: [
        `Business profile:\n${profileText(context.profile)}`,
        memorySection(context.memories),
        `Video passages:\n${context.passages.map((p) => `- ${p.text}`).join('\n')}`,
        `The answer just given:\n${context.answer.slice(0, ANSWER_CHARS)}`,
      ]
        .filter(Boolean)
        .join('\n\n'),
      maxRetries: 1,
    });
    const questions = parseFollowUps(result.text);
    if (questions.length === 0) return offline();
    return {
      questions,
      source: settings.model,
      tokens: { prompt: result.totalUsage.inputTokens ?? 0, completion: result.totalUsage.outputTokens ?? 0 },
    };
  } catch (error) {
    deps.logger.warn({ err: error }, 'suggesting follow-up questions failed');
    return offline();
  }
}

/**
 * Stores the questions once: of two requests at once, the first stored wins and only its tokens are
 * counted, with the chat's total and the month's usage, in the same transaction.
 */
async function keep(
  deps: AppDeps,
  user: SessionUser,
  ref: { chatId: string; messageId: string },
  suggested: Suggested,
): Promise<string[]> {
  return deps.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(followUpSuggestions)
      .values({
        messageId: ref.messageId,
        userId: user.id,
        questions: suggested.questions,
        source: suggested.source,
      })
      .onConflictDoNothing()
      .returning({ questions: followUpSuggestions.questions });
    if (!stored) {
      const [kept] = await tx
        .select({ questions: followUpSuggestions.questions })
        .from(followUpSuggestions)
        .where(eq(followUpSuggestions.messageId, ref.messageId));
      return kept?.questions ?? [];
    }
    const tokens = suggested.tokens.prompt + suggested.tokens.completion;
    if (tokens > 0) {
      await tx.execute(updateChatStatement(tx, ref.chatId, { tokens }));
      await usageIncrement(tx, { userId: user.id, month: monthKey(new Date()), tokens });
    }
    return stored.questions;
  });
}
