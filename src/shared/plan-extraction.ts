import { type CitationResolver, type CitedMoment, citationParts, citedMoment } from './citations';
import { offlinePhrases } from './offline-phrases';
import { addDays } from './plan';
import { PLAN_LIMITS } from './schemas/plan';

/** What the offline extraction reads of the business profile. */
export interface PlanProfile {
  businessName: string;
  shortTermGoal: string;
  currentChallenges: string;
  /** 'Answer in': the language of the few words the proposal adds. */
  answerLanguage: string;
}

export interface ExtractedItem {
  title: string;
  why: string;
  dueDate: string;
  moment: CitedMoment | null;
}

const LIST_ITEM = /^\s{0,3}(?:[-*+]|\d{1,2}[.)])\s+(.+)$/;

/**
 * The offline proposal: one item per list item of the answer (up to 7), titled by its words without
 * Markdown or citations, placed at the first moment it cites, due a week apart from today.
 */
export function extractPlanItems(
  answer: string,
  resolve: CitationResolver,
  profile: PlanProfile,
  today: string,
): ExtractedItem[] {
  const items: ExtractedItem[] = [];
  const seen = new Set<string>();
  for (const line of answer.split('\n')) {
    const listed = LIST_ITEM.exec(line)?.[1];
    if (!listed || items.length === PLAN_LIMITS.itemsPerAdd) continue;
    const parts = citationParts(listed);
    // A citation places the item; it stays in the words only where they point at it ('the idea at [00:12]').
    const words = plainText(
      parts
        .map((part, i) =>
          part.citation
            ? /\bat\s*$/.test(parts[i - 1]?.text ?? '')
              ? part.text.slice(1, -1)
              : ''
            : part.text,
        )
        .join(''),
    );
    if (words.length < 3) continue;
    const { title, rest } = splitTitle(words);
    if (seen.has(title)) continue;
    seen.add(title);
    const cited = parts.find((part) => part.citation && citedMoment(part.citation, resolve))?.citation;
    items.push({
      title,
      why: whyFor(rest, profile),
      dueDate: addDays(today, 7 * (items.length + 1)),
      moment: cited ? citedMoment(cited, resolve) : null,
    });
  }
  return items;
}

/** Markdown emphasis, links and quotes removed; whitespace collapsed. */
function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]+/g, '')
    .replace(/["“”]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,:;!?])/g, '$1')
    .trim();
}

/** A title of at most 120 characters: the words before a colon or the first sentence; the rest explains. */
function splitTitle(text: string): { title: string; rest: string } {
  const cut = /^(.{3,120}?)(?::\s|\.\s|$)/.exec(text);
  if (cut) return { title: upperFirst(cut[1]!.replace(/[.:]$/, '')), rest: text.slice(cut[0].length).trim() };
  const words = text.slice(0, PLAN_LIMITS.title).split(' ');
  const title = `${words.slice(0, -1).join(' ')}…`;
  return { title: upperFirst(title), rest: text.slice(title.length - 1).trim() };
}

function whyFor(rest: string, profile: PlanProfile): string {
  const phrases = offlinePhrases(profile.answerLanguage);
  const business = profile.businessName || phrases.yourBusiness;
  const aim = profile.shortTermGoal
    ? phrases.towardGoal(business, lowerFirst(profile.shortTermGoal))
    : profile.currentChallenges
      ? phrases.bearsOnChallenge(business, lowerFirst(profile.currentChallenges))
      : '';
  const saysAim =
    aim !== '' && rest.toLowerCase().includes(lowerFirst(profile.shortTermGoal || profile.currentChallenges));
  const why = [rest && `${upperFirst(rest).replace(/[.]?$/, '.')}`, saysAim ? '' : aim]
    .filter(Boolean)
    .join(' ');
  return why.length > PLAN_LIMITS.why ? `${why.slice(0, PLAN_LIMITS.why - 1).trimEnd()}…` : why;
}

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const lowerFirst = (text: string) => {
  const trimmed = text.trim().replace(/[.!]+$/, '');
  return trimmed.charAt(0).toLowerCase() + trimmed.slice(1);
};
