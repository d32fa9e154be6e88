import { momentView } from '../../../shared/plan';
import { extractPlanItems, type PlanProfile } from '../../../shared/plan-extraction';
import type { PlanProposal } from '../../../shared/schemas/plan';
import { localDay } from '../../../shared/time-zones';
import type { AppDeps, SessionUser } from '../../context';
import { userTimeZone } from '../account/settings.service';
import { getAssistantSettings } from '../assistant/assistant.service';
import { memoriesForPrompt, memorySection } from '../memory/memory-prompt';
import { getProfile } from '../profile/profile.service';
import { closedTitles } from './plan.queries';
import { proposeWithModel } from './plan-ai';
import { momentTitle, ownAnswer } from './plan-answers';

/** A step's title as compared with the steps already done or dropped: case, punctuation and spacing aside. */
const comparableTitle = (title: string) =>
  title
    .normalize('NFKC')
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Up to 7 steps drawn from one of the user's finished answers; nothing is stored. Offline: from the
 * answer's own list items and the moments they cite; with an AI key, from one structured-output call
 * that also reads the user's memories (as a reply's prompt does) and the steps already done or dropped.
 * Either way a step whose title is one of those is left out.
 */
export async function proposePlan(
  deps: AppDeps,
  user: SessionUser,
  chatId: string,
  messageId: string,
  now = new Date(),
): Promise<PlanProposal> {
  const answer = await ownAnswer(deps.db, user.id, messageId, chatId);
  const [profile, closed, memories] = await Promise.all([
    getProfile(deps.db, user.id),
    closedTitles(deps.db, user.id),
    memoriesForPrompt(deps.db, { userId: user.id, chatId: answer.chatId, about: answer.content }),
  ]);
  const planProfile: PlanProfile = {
    businessName: profile.businessName,
    shortTermGoal: profile.businessGoals.shortTerm,
    currentChallenges: profile.currentChallenges,
    answerLanguage: profile.answerLanguage,
  };
  const today = localDay(now, await userTimeZone(deps.db, user.id));
  const drafted =
    deps.ai.kind === 'offline'
      ? extractPlanItems(answer.content, answer.resolve, planProfile, today)
      : await proposeWithModel(
          deps.db,
          deps.ai.languageModel((await getAssistantSettings(deps.db)).model),
          user,
          answer,
          { profile, today, memories: memorySection(memories), closed },
        );
  const closedKeys = new Set(closed.map(comparableTitle));
  const items = drafted.filter((item) => !closedKeys.has(comparableTitle(item.title)));
  return {
    chatId: answer.chatId,
    messageId: answer.messageId,
    items: items.map((item, step) => ({
      ...item,
      step,
      moment: item.moment ? momentView(item.moment, momentTitle(answer, item.moment)) : null,
    })),
  };
}
