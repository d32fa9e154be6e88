import { planMoment } from '../../../shared/plan';
import { extractPlanItems, type PlanProfile } from '../../../shared/plan-extraction';
import type { PlanProposal } from '../../../shared/schemas/plan';
import { localDay } from '../../../shared/time-zones';
import type { AppDeps, SessionUser } from '../../context';
import { userTimeZone } from '../account/settings.service';
import { getAssistantSettings } from '../assistant/assistant.service';
import { getProfile } from '../profile/profile.service';
import { proposeWithModel } from './plan-ai';
import { ownAnswer } from './plan-answers';

/**
 * Up to 7 steps drawn from one of the user's finished answers; nothing is stored. Offline: from the
 * answer's own list items and the moments they cite; with an AI key, from one structured-output call.
 */
export async function proposePlan(
  deps: AppDeps,
  user: SessionUser,
  chatId: string,
  messageId: string,
  now = new Date(),
): Promise<PlanProposal> {
  const answer = await ownAnswer(deps.db, user.id, messageId, chatId);
  const profile = await getProfile(deps.db, user.id);
  const planProfile: PlanProfile = {
    businessName: profile.businessName,
    shortTermGoal: profile.businessGoals.shortTerm,
    currentChallenges: profile.currentChallenges,
    answerLanguage: profile.answerLanguage,
  };
  const today = localDay(now, await userTimeZone(deps.db, user.id));
  const items =
    deps.ai.kind === 'offline'
      ? extractPlanItems(answer.content, answer.resolve, planProfile, today)
      : await proposeWithModel(
          deps.db,
          deps.ai.languageModel((await getAssistantSettings(deps.db)).model),
          user,
          answer,
          profile,
          today,
        );
  return {
    chatId: answer.chatId,
    messageId: answer.messageId,
    items: items.map((item, step) => ({
      ...item,
      step,
      moment: item.moment
        ? planMoment(
            item.moment.videoId,
            item.moment.seconds,
            answer.videoTitles.get(item.moment.videoId) ?? null,
          )
        : null,
    })),
  };
}
