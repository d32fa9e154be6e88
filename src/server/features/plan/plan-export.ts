import ical from 'ical-generator';
import {
  PLAN_STATUS_LABELS,
  PLAN_STATUSES,
  type PlanItem,
  type PlanMoment,
} from '../../../shared/schemas/plan';
import type { SessionUser } from '../../context';
import type { Database } from '../../db/client';
import { allPlanItems } from './plan.service';

export interface ExportFile {
  body: string;
  contentType: string;
  fileName: string;
}

type ExportFormat = 'md' | 'csv' | 'ics';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  md: 'text/markdown; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  ics: 'text/calendar; charset=utf-8',
};

/** The whole plan as a file: Markdown by status, CSV one row per item, or iCalendar of the due dates. */
export async function exportPlan(
  db: Database,
  user: SessionUser,
  format: ExportFormat,
  baseUrl: string,
  now: Date,
): Promise<ExportFile> {
  const items = await allPlanItems(db, user.id);
  const body =
    format === 'md'
      ? planToMarkdown(items, now)
      : format === 'csv'
        ? planToCsv(items)
        : planToIcs(items, baseUrl);
  return { body, contentType: CONTENT_TYPES[format], fileName: `vidvisor-plan.${format}` };
}

function planToMarkdown(items: PlanItem[], now: Date): string {
  const lines = ['# My plan', '', `Exported ${now.toISOString().slice(0, 10)}`];
  for (const status of PLAN_STATUSES) {
    const ofStatus = items.filter((item) => item.status === status);
    if (ofStatus.length === 0) continue;
    lines.push('', `## ${PLAN_STATUS_LABELS[status]}`, '');
    for (const item of ofStatus) {
      lines.push(`- [${item.status === 'done' ? 'x' : ' '}] **${markdownText(item.title)}**`);
      const facts = [
        item.dueDate && `Due ${item.dueDate}`,
        item.moment &&
          (item.moment.url ? `[${momentName(item.moment)}](${item.moment.url})` : momentName(item.moment)),
        item.chatDeleted ? 'consultation deleted' : item.chatTitle && `From: ${markdownText(item.chatTitle)}`,
      ].filter(Boolean);
      if (facts.length) lines.push(`  ${facts.join(' · ')}`);
      if (item.why) lines.push(`  ${markdownText(item.why)}`);
      if (item.note) lines.push(`  Note: ${markdownText(item.note)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Text that cannot open Markdown syntax at a line start or break the list item. */
function markdownText(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/([\\`*_[\]<>#])/g, '\\$1');
}

const CSV_COLUMNS = [
  'Title',
  'Why',
  'Status',
  'Due date',
  'Note',
  'Video',
  'Moment',
  'Link',
  'Consultation',
  'Done at',
];

function planToCsv(items: PlanItem[]): string {
  const rows = items.map((item) => [
    item.title,
    item.why,
    PLAN_STATUS_LABELS[item.status],
    item.dueDate ?? '',
    item.note,
    item.moment?.videoTitle ?? item.moment?.videoId ?? '',
    item.moment?.label ?? '',
    item.moment?.url ?? '',
    item.chatDeleted ? 'consultation deleted' : (item.chatTitle ?? ''),
    item.doneAt ?? '',
  ]);
  return `${[CSV_COLUMNS, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** RFC 4180 quoting; a cell a spreadsheet would run as a formula is led by a quote mark. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One all-day event per open item with a due date, on that day. */
export function planToIcs(items: PlanItem[], baseUrl: string): string {
  const calendar = ical({
    name: 'Vidvisor plan',
    prodId: { company: 'Vidvisor', product: 'My plan', language: 'EN' },
    // A subscribed calendar app asks again within the hour.
    ttl: 60 * 60,
  });
  for (const item of items) {
    if (!item.dueDate || item.status === 'done' || item.status === 'dropped') continue;
    calendar.createEvent({
      id: `${item.id}@vidvisor`,
      allDay: true,
      start: new Date(`${item.dueDate}T00:00:00Z`),
      summary: item.title,
      description: [
        item.why,
        item.moment && [momentName(item.moment), item.moment.url].filter(Boolean).join(': '),
      ]
        .filter(Boolean)
        .join('\n\n'),
      url: `${baseUrl}/plan`,
    });
  }
  return calendar.toString();
}

/** A step's moment in words: the video's (or the pasted transcript's) title and the time. */
function momentName(moment: PlanMoment): string {
  return `${moment.videoTitle ?? (moment.url ? 'Video' : 'Transcript')} at ${moment.label}`;
}
