import { ICalCalendar, ICalEventStatus } from 'ical-generator';
import { FeedEvent } from './feed-events';

/** How often a calendar app is asked to refresh (REFRESH-INTERVAL, X-PUBLISHED-TTL): changes reach phones within the hour. */
export const FEED_REFRESH_SECONDS = 30 * 60;

/**
 * The RFC 5545 document of a feed, written by `ical-generator`: one VEVENT per lesson with times in
 * UTC (`…Z`, so no VTIMEZONE is needed and every client places them right), cancelled lessons kept
 * with STATUS:CANCELLED so a subscriber sees the cancellation instead of a silently vanished event.
 */
export function icalDocument(title: string, events: readonly FeedEvent[], generatedAt: Date): string {
  const calendar = new ICalCalendar({
    name: title,
    prodId: { company: 'timetable-service', product: 'calendar-feeds', language: 'RU' },
    ttl: FEED_REFRESH_SECONDS,
  });
  for (const event of events) {
    calendar.createEvent({
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
    });
  }
  return calendar.toString();
}
