import type { PlanMoment, PlanMomentInput } from '../../../shared/schemas/plan';
import { type NewPlanItem, planDueDate, planTitle } from '../../../shared/schemas/plan';

/** A proposed item as the review dialog edits it: kept or not, its title and due date ('' for none). */
export interface ProposalDraft {
  /** Its place in the proposal: the step an add is deduped on. */
  key: number;
  keep: boolean;
  title: string;
  why: string;
  dueDate: string;
  moment: PlanMoment | null;
}

export function toDrafts(
  items: readonly { title: string; why: string; dueDate: string | null; moment: ProposalDraft['moment'] }[],
): ProposalDraft[] {
  return items.map((item, key) => ({ ...item, key, keep: true, dueDate: item.dueDate ?? '' }));
}

/** What is wrong with a kept draft, in the API's words, field by field; none for an untouched one. */
export function draftProblems(draft: ProposalDraft): { title?: string; dueDate?: string } {
  if (!draft.keep) return {};
  return {
    title: planTitle.safeParse(draft.title).error?.issues[0]?.message,
    dueDate: planDueDate.safeParse(draft.dueDate || null).error?.issues[0]?.message,
  };
}

export function hasProblems(drafts: readonly ProposalDraft[]): boolean {
  return drafts.some((draft) => Object.values(draftProblems(draft)).some(Boolean));
}

/** The kept drafts as the add route takes them (the moment without its display fields). */
export function toNewItems(drafts: readonly ProposalDraft[]): NewPlanItem[] {
  return drafts
    .filter((draft) => draft.keep)
    .map((draft) => ({
      step: draft.key,
      title: draft.title.trim(),
      why: draft.why,
      dueDate: draft.dueDate || null,
      moment: draft.moment ? momentInput(draft.moment) : null,
    }));
}

function momentInput({ videoId, source, seconds }: PlanMoment): PlanMomentInput {
  return videoId ? { videoId, seconds } : { source, seconds };
}
