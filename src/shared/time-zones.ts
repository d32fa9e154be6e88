import { z } from 'zod';

/** The zone of a user who has not given one yet. */
export const DEFAULT_TIME_ZONE = 'UTC';

export const TIME_ZONE_MESSAGE = 'Choose a time zone by its IANA name, such as America/New_York';

/** Whether the runtime knows `name` as an IANA time zone ('Europe/Paris', 'UTC'). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneName = z.string().refine(isTimeZone, TIME_ZONE_MESSAGE);

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The wall clock of `moment` in `timeZone`: its day 'YYYY-MM-DD', weekday (0 Sunday) and hour. */
export function wallClock(moment: Date, timeZone: string) {
  const parts = Object.fromEntries(
    dayFormat(timeZone)
      .formatToParts(moment)
      .map((part) => [part.type, part.value]),
  );
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  return {
    day,
    weekday: new Date(`${day}T00:00:00Z`).getUTCDay(),
    hour: Number(parts.hour),
    /** How far the zone's clock is ahead of UTC at that moment, in ms. */
    offsetMs:
      Date.UTC(
        Number(parts.year),
        Number(parts.month) - 1,
        Number(parts.day),
        Number(parts.hour),
        Number(parts.minute),
        Number(parts.second),
      ) -
      Math.floor(moment.getTime() / 1000) * 1000,
  };
}

/** The day 'YYYY-MM-DD' it is at `moment` in `timeZone`. */
export function localDay(moment: Date, timeZone: string): string {
  return wallClock(moment, timeZone).day;
}

/** The moment a local wall-clock time (day 'YYYY-MM-DD', hour) happens in `timeZone`. */
export function zonedTime(day: string, timeZone: string, hour = 0): Date {
  const asUtc = Date.parse(`${day}T00:00:00Z`) + hour * 3_600_000;
  const guess = asUtc - wallClock(new Date(asUtc), timeZone).offsetMs;
  // Across a daylight-saving change the offset at the guess can differ from the offset at the answer.
  return new Date(asUtc - wallClock(new Date(guess), timeZone).offsetMs);
}
