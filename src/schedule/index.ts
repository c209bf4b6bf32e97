/**
 * The schedule features assembled (rules, overrides, versions, viewing, quality). Other areas reach the
 * schedule through the core (`./core`, its index) and the pure engine, never through a feature; the one
 * exception is viewing's service, for the export (the same lessons, checks and limits as the views).
 */
export { ScheduleModule } from './schedule.module';
export { activeGroupsOf } from './viewing/snapshot/reference-data';
export { DateRangeQuery } from './viewing/dto/schedule-queries.dto';
export type { RenderedLessonDto } from './viewing/dto/rendered-lesson.dto';
export { ScheduleViewingService } from './viewing/schedule-viewing.service';
export type { ViewingNames } from './viewing/schedule-viewing.service';
export { DEPARTMENT_SCHEDULE_VIEWERS, SCHEDULE_VIEWERS } from './viewing/viewing-roles';
