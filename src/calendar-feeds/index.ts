/**
 * Calendar subscriptions and their iCalendar feeds: the only way in for other features (the boundary
 * lint refuses imports of this folder's files from outside it).
 */
export { CalendarFeedsModule } from './calendar-feeds.module';
export { TimetableTargets } from './timetable-targets';
export { FEED_KINDS } from './feed-rules';
export type { FeedKind } from './feed-rules';
