/**
 * The schedule features assembled (rules, overrides, versions, viewing, quality). Other areas reach the
 * schedule through the core (`./core`, its index) and the pure engine, never through a feature; the
 * exceptions are viewing's service, for the export (the same lessons, checks and limits as the views),
 * and the rules' service and batch, for the data import (rules created with every check of 4.9), and
 * the room warnings, for the features that write one-off changes (change requests, absences).
 */
export { ScheduleModule } from './schedule.module';
// Imported by the application ahead of the other features, so the views' routes are tried first.
export { ScheduleViewingModule } from './viewing/schedule-viewing.module';
export { activeGroupsOf } from './viewing/snapshot/reference-data';
export { DateRangeQuery } from './viewing/dto/schedule-queries.dto';
export type { RenderedLessonDto } from './viewing/dto/rendered-lesson.dto';
export { ScheduleViewingService } from './viewing/schedule-viewing.service';
export type { ViewingNames } from './viewing/schedule-viewing.service';
export { DEPARTMENT_SCHEDULE_VIEWERS, SCHEDULE_VIEWERS } from './viewing/viewing-roles';
// For the data import (issue 28): rules are created through the rules' own service, with every check of 4.9.
export { ScheduleRulesService } from './rules/schedule-rules.service';
export { ScheduleRuleBatch } from './rules/rule-batch';
export type { BatchOutcome } from './rules/rule-batch';
export { RuleRequest, RuleSlotRequest } from './rules/dto/schedule-rule.dto';
// Warnings about the room of a changed lesson (issue 55), for every feature that writes overrides.
export { RoomWarnings, RoomWarningsModule } from './overrides/room-warnings';
export { RoomWarningDto } from './overrides/dto/room-warning.dto';
