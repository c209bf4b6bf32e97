import { ICalCalendar, ICalEventStatus } from 'ical-generator';
import { FeedEvent } from './feed-events';

/** How often a calendar app is asked to refresh (REFRESH-INTERVAL, X-PUBLISHED-TTL): changes reach phones within the hour. */
export const FEED_REFRESH_SECONDS = 30 * 60;

const END = 'END:VCALENDAR';

/**
 * The RFC 5545 document of a feed, written by `ical-generator`: one VEVENT per lesson with times in
 * UTC (`…Z`, so no VTIMEZONE is needed and every client places them right; the university's zone
 * is named by X-WR-TIMEZONE for the apps that show a calendar in its own zone), cancelled lessons kept
 * with STATUS:CANCELLED so a subscriber sees the cancellation instead of a silently vanished event.
 *
 * Every property is written by the library; only the events' line folding is done here. The
 * library folds a whole calendar by encoding it one character at a time (a TextEncoder per
 * character), which made a group's feed cost 100+ ms, while the event text it writes is not yet
 * folded. So the calendar's own lines come folded from the library and the events are folded by
 * `foldLines` below, with the same rule (RFC 5545 3.1: at most 75 octets, never inside a character).
 */
export function icalDocument(title: string, events: readonly FeedEvent[], generatedAt: Date, timeZone: string): string {
  const calendar = new ICalCalendar({
    name: title,
    prodId: { company: 'timetable-service', product: 'calendar-feeds', language: 'RU' },
    ttl: FEED_REFRESH_SECONDS,
  });
  const shell = calendar.toString();
  const body = events
    .map((event) =>
      calendar
        .createEvent({
          id: event.uid,
          start: event.start,
          end: event.end,
          summary: event.summary,
          location: event.location || null,
          description: event.description,
          status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
          sequence: event.sequence,
          lastModified: event.lastModified,
          stamp: event.lastModified ?? generatedAt,
        })
        .toString(),
    )
    .join('');
  const end = shell.lastIndexOf(END);
  // A calendar's properties come before its components (RFC 5545 3.6).
  return `${shell.slice(0, end)}X-WR-TIMEZONE:${timeZone}\r\n${foldLines(body)}${shell.slice(end)}`;
}

/** RFC 5545 3.1 folding of CRLF-separated content lines: at most 75 octets a line, continuations start with a space. */
export function foldLines(text: string): string {
  return text
    .split('\r\n')
    .map((line) => (Buffer.byteLength(line, 'utf8') <= 75 ? line : foldLine(line)))
    .join('\r\n');
}

function foldLine(line: string): string {
  let folded = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0) as number);
    if (octets + size > 75) {
      folded += '\r\n ';
      octets = 1;
    }
    folded += char;
    octets += size;
  }
  return folded;
}

function utf8Length(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}
