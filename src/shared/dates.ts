const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** MM/DD/YYYY in the viewer's local time. */
export function formatDate(value: Date | string | number): string {
  const d = toDate(value);
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
}

/** MM/DD/YYYY hh:mm A (12-hour clock) in the viewer's local time. */
export function formatDateTime(value: Date | string | number): string {
  const d = toDate(value);
  const hours = d.getHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${formatDate(d)} ${pad(hour12)}:${pad(d.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** MMM D, YYYY, e.g. 'Nov 21, 2026'. */
export function formatShortDate(value: Date | string | number): string {
  const d = toDate(value);
  return `${MONTHS[d.getMonth()]!.slice(0, 3)} ${d.getDate()}, ${d.getFullYear()}`;
}

/** The usage month key 'YYYY-MM' of a moment, in UTC so every process agrees. */
export function monthKey(value: Date | string | number = new Date()): string {
  const d = toDate(value);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

/** 'YYYY-MM' → 'MMMM YYYY', e.g. '2026-11' → 'November 2026'. */
export function monthLabel(key: string): string {
  const [year, month] = key.split('-');
  const name = MONTHS[Number(month) - 1];
  if (!year || !name) throw new Error(`Not a month key: ${key}`);
  return `${name} ${year}`;
}
