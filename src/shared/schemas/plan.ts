import { z } from 'zod';
import { hasNoNul, NUL_IN_TEXT_MESSAGE } from './common';

/** The plan's statuses, in the order the page groups them. */
export const PLAN_STATUSES = ['todo', 'in_progress', 'done', 'dropped'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export const PLAN_STATUS_LABELS: Record<PlanStatus, string> = {
  todo: 'To do',
  in_progress: 'In progress',
  done: 'Done',
  dropped: 'Dropped',
};

export const PLAN_LIMITS = {
  title: 120,
  why: 400,
  note: 2000,
  /** Items in one proposal and in one add. */
  itemsPerAdd: 7,
  itemsPerUser: 500,
} as const;

/** The earliest due date the plan accepts. */
export const EARLIEST_DUE_DATE = '2000-01-01';

export const PLAN_MESSAGES = {
  titleRequired: 'Give the step a title',
  dueDate: 'Choose a due date (YYYY-MM-DD) from 2000 on',
  status: 'Choose a status: todo, in_progress, done or dropped',
  tooManyItems: `Add up to ${PLAN_LIMITS.itemsPerAdd} items at a time`,
  noItems: 'Choose at least one item to add',
  planFull: `Your plan can hold up to ${PLAN_LIMITS.itemsPerUser} items. Delete some to add more.`,
  itemIds: 'List every item of that status once',
  nothingToChange: 'Nothing to change',
  momentNotCited: 'A step can only keep a moment its answer cites',
} as const;

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `The ${label} can be up to ${max} characters`)
    .refine(hasNoNul, NUL_IN_TEXT_MESSAGE);

export const planTitle = text(PLAN_LIMITS.title, 'title').pipe(
  z.string().min(1, PLAN_MESSAGES.titleRequired),
);
export const planWhy = text(PLAN_LIMITS.why, 'why');
export const planNote = text(PLAN_LIMITS.note, 'note');

/** 'YYYY-MM-DD' that names a real day, from 2000-01-01 on. */
export function isPlanDueDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < EARLIEST_DUE_DATE) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

export const planDueDate = z.string().refine(isPlanDueDate, PLAN_MESSAGES.dueDate).nullable();
export const planStatus = z.enum(PLAN_STATUSES, PLAN_MESSAGES.status);

const youTubeVideoId = z.string().regex(/^[A-Za-z0-9_-]{11}$/, 'Not a YouTube video id');

/**
 * A moment an answer cites: a video's YouTube id and the second; or, for a transcript pasted without a
 * link, no video id and the consultation's source number (null or absent: its own transcript).
 */
export const planMoment = z.object({
  videoId: youTubeVideoId.nullable().optional(),
  source: z.number().int().min(1).max(999).nullable().optional(),
  seconds: z.number().int().min(0).max(1_000_000),
});
export type PlanMomentInput = z.infer<typeof planMoment>;

/** One item to add: from a proposal (with its place in it and the moment it cites) or by hand. */
export const newPlanItem = z.object({
  title: planTitle,
  why: planWhy.default(''),
  dueDate: planDueDate.default(null),
  moment: planMoment.nullable().default(null),
  step: z
    .number()
    .int()
    .min(0)
    .max(PLAN_LIMITS.itemsPerAdd - 1, 'Not a step of a proposal')
    .nullable()
    .default(null),
});
export type NewPlanItem = z.infer<typeof newPlanItem>;

export const addPlanItemsInput = z.object({
  messageId: z.uuid('Not a message id').optional(),
  items: z
    .array(newPlanItem)
    .min(1, PLAN_MESSAGES.noItems)
    .max(PLAN_LIMITS.itemsPerAdd, PLAN_MESSAGES.tooManyItems),
});
export type AddPlanItemsInput = z.input<typeof addPlanItemsInput>;

export const updatePlanItemInput = z
  .object({
    title: planTitle.optional(),
    why: planWhy.optional(),
    dueDate: planDueDate.optional(),
    status: planStatus.optional(),
    note: planNote.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), PLAN_MESSAGES.nothingToChange);
export type UpdatePlanItemInput = z.input<typeof updatePlanItemInput>;

export const reorderPlanInput = z.object({
  status: planStatus,
  itemIds: z.array(z.uuid('Not an item id')).max(PLAN_LIMITS.itemsPerUser, PLAN_MESSAGES.itemIds),
});

export const PLAN_DUE_FILTERS = ['overdue', 'week', 'later', 'none'] as const;
export type PlanDueFilter = (typeof PLAN_DUE_FILTERS)[number];

export const planQuery = z.object({
  status: planStatus.optional(),
  videoId: youTubeVideoId.optional(),
  due: z.enum(PLAN_DUE_FILTERS, 'Choose overdue, week, later or none').optional(),
});
export type PlanQuery = z.infer<typeof planQuery>;

export const PLAN_EXPORT_FORMATS = ['md', 'csv', 'ics'] as const;
export const planExportQuery = z.object({
  format: z.enum(PLAN_EXPORT_FORMATS, 'Choose md, csv or ics'),
});

export const planItemParam = z.object({ itemId: z.uuid('Not an item id') });
export const planProposalParam = z.object({
  chatId: z.uuid('Not a chat id'),
  messageId: z.uuid('Not a message id'),
});

export const checkInInput = z.object({ enabled: z.boolean('Say true or false') });

/** A moment as the API answers it: with its label, link and the video's title. */
export interface PlanMoment {
  /** Null for a moment of a transcript pasted without a link. */
  videoId: string | null;
  /** The consultation's source of a transcript moment (null: its own transcript). */
  source: number | null;
  seconds: number;
  label: string;
  /** The video at that second; null for a transcript moment, which the consultation's transcript shows. */
  url: string | null;
  videoTitle: string | null;
}

export interface PlanItem {
  id: string;
  title: string;
  why: string;
  status: PlanStatus;
  dueDate: string | null;
  note: string;
  position: number;
  chatId: string | null;
  chatTitle: string | null;
  chatDeleted: boolean;
  messageId: string | null;
  moment: PlanMoment | null;
  createdAt: string;
  doneAt: string | null;
}

export interface ProposedPlanItem {
  /** Its place in the proposal (0 first): adding the same step of an answer again keeps it once. */
  step: number;
  title: string;
  why: string;
  dueDate: string | null;
  moment: PlanMoment | null;
}

export interface PlanProposal {
  chatId: string;
  messageId: string;
  items: ProposedPlanItem[];
}

export interface PlanProgress {
  doneThisMonth: number;
  dueThisWeek: number;
  overdue: number;
  /** The last 12 weeks (Monday starts, in the user's time zone), oldest first. */
  doneByWeek: { weekStart: string; done: number }[];
}

/** The calendar feed's file name: its 32-byte base64url token and `.ics`. Anything else is not found. */
export const CALENDAR_FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;
