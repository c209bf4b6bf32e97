/**
 * The public surface of the schedule core. Schedule features import from here (and from the pure
 * `schedule-engine`), never from the core's files or from each other.
 */
export { ActualLessons } from './actual-lessons';
export type { CancelledLesson, LessonSelection, SemesterLessons } from './actual-lessons';
export { CANDIDATE_KINDS, CandidateFinder } from './candidate-finder';
export type { AcceptedCandidate, CandidateKind, CandidateNarrowing, CandidateRequest, LessonCandidates, LessonRequest, RejectedCandidate } from './candidate-finder';
export { ClashGuard, StoredLessons } from './clash-guard';
export { EngineThread } from './engine-thread';
export { PublishedRuleChanges } from './published-rule-changes';
export type { RulesChangedEvent } from './published-rule-changes';
export type { ChecksTaskResult } from './engine-tasks';
export type { ClashQuery, StoredClash } from './clash-guard';
export { CONFLICT_REASONS, DAY_NAMES, describeMoment, hhmm, reasonsText } from './clash-texts';
export { ChangeCheck, LESSON_SLOT_NOT_FOUND, LessonChanges, publishedOnly } from './lesson-changes';
export type { CurrentChange, LessonChange, LessonScene, PreparedLesson } from './lesson-changes';
export { DUPLICATE_OVERRIDE, OverrideWrites } from './override-writes';
export type { OverrideWrite } from './override-writes';
export { OVERRIDE_RECORD_COLUMNS, OVERRIDE_RECORD_FROM, OVERRIDE_RECORD_JSON, toOverrideRecord } from './override-records';
export type { OverrideRecordRow } from './override-records';
export { namedLesson } from './named-lessons';
export { NamedLessonDto } from './named-lesson.dto';
export { VersionLocksDto } from './version-locks.dto';
export type { NamedLesson } from './named-lessons';
// The repository is for the schedule's own features; other areas read through ScheduleReads.
export { namedIds, RULE_SELECT, ScheduleDataRepository } from './schedule-data.repository';
export { ScheduleReads } from './schedule-reads';
export type { LessonSlot, NameBook, RuleFilter } from './schedule-data.repository';
export { ScheduleCoreModule } from './schedule-core.module';
export { SemesterSchedules } from './semester-schedules';
export type { BaseLessons } from './semester-schedules';
export { FIRST_VERSION_NAME, SemesterVersions } from './semester-versions';
export { SEMESTER_SCHEDULE_LOCK, ScheduleTx, SemesterWriteUnit, VERSION_STATUSES } from './semester-write-unit';
export type { LockedVersion, VersionStatus } from './semester-write-unit';
export { AbsenceBlocks, HardUnavailability, TeacherAvailability, TeacherBlocks } from './teacher-availability';
export { TeacherAvailabilityModule } from './teacher-availability.module';
export type { BlockedTime, BlockScope } from './teacher-availability';
export { SolvedDrafts, VersionLocks, VersionScores } from './optimization-ports';
export type { HeldRules, SlotPlacement, SolvedDraft, SolvedDraftRequest, VersionScore } from './optimization-ports';
export { RuleChangeTrials } from './rule-change-port';
export type { RuleChangeBody, RuleChangeSlot } from './rule-change-port';
export { PendingAbsenceDecisions, PendingChangeRequests, PendingLessons } from './pending-lessons';
export type { PendingCheck, PendingLesson, SettledLesson } from './pending-lessons';
export { AffectedRequestResponse, affectedRequestsField } from '../../platform/affected-requests';
export type { PendingKind, PendingOutcome } from '../../platform/affected-requests';
export { PendingLessonsModule } from './pending-lessons.module';
