import { QualityFacts, QualityMetric } from '../../schedule-engine/quality';

/**
 * The two ports the timetable solver's jobs (issue 43) need from other schedule features, declared
 * here so the jobs feature stays apart from them (as `TeacherAvailability` is for preferences): the
 * quality feature scores a version, and the versions feature writes a solved placement as a new
 * draft. Each feature binds its port; the schedule module hands both to the jobs feature.
 */

/** A version's quality as `GET …/quality` reports it. */
export interface VersionScore {
  score: number;
  rawPenalty: number;
  lessonCount: number;
  metrics: QualityMetric[];
  /** The scored lessons per base rule slot (`slotId`): what one solver event stands for in the report (issue 54 §4). */
  lessonsPerSlot: Record<number, number>;
}

export abstract class VersionScores {
  /**
   * The version scored exactly as the quality report scores it; with `from` (a job in a running
   * semester, issue 53), over its lessons from that date on only, the ones the job may move.
   */
  abstract score(semesterId: number, versionId: number, from?: string): Promise<VersionScore>;
  /** Seats, group and subgroup sizes, names and the approved wishes of the semester (what the scoring weighs). */
  abstract facts(semesterId: number): Promise<QualityFacts>;
}

/** Where one slot of the source goes in the new draft; null leaves it unplaced. */
export interface SlotPlacement {
  dayOfWeek: number;
  timeSlotId: number;
  classroomId: number;
}

export interface SolvedDraftRequest {
  source: { id: number; semesterId: number };
  name: string;
  authorId: number | null;
  /** By the source's slot id; a slot not listed keeps its source placement. */
  placements: ReadonlyMap<number, SlotPlacement | null>;
  /** Source slots that never move (locked rules, periods ended before `fromDate`): the core's checks never unplace them. */
  fixedSlotIds: ReadonlySet<number>;
  /**
   * The first day the result may differ from the source (issue 53); absent or the semester's first
   * day: the whole semester. A slot that began before it keeps its row up to the day before, and its
   * new place (or its refusal) continues it from this day, so every lesson before it stays as it was.
   */
  fromDate?: string;
}

export interface SolvedDraft {
  versionId: number;
  /** Source slot ids the core's checks refused where the solver put them, left unplaced. */
  refusedSlotIds: number[];
  /** Source slot id → the draft's slot and rule ids. */
  copies: ReadonlyMap<number, { slotId: number; ruleId: number }>;
  /** What the version's validation says after the refusals: every problem, and the clashes and unavailable teachers among them. */
  problemCount: number;
  clashCount: number;
}

export abstract class SolvedDrafts {
  /**
   * A new DRAFT copied from the source with the placements applied, in one transaction under the
   * semester's lock; then the schedule's own clash and availability checks run over it, and every
   * slot they refuse is left unplaced rather than written where it clashes.
   */
  abstract write(request: SolvedDraftRequest): Promise<SolvedDraft>;
}

/** What the office locked in a version (issue 54 §1): the lists as stored, and the active rules they hold. */
export interface HeldRules {
  ruleIds: number[];
  groupIds: number[];
  teacherIds: number[];
  classroomIds: number[];
  departmentIds: number[];
  /** Every active rule of the version one of the lists holds (a rule named, or of a locked group, teacher, room or department). */
  heldRuleIds: number[];
}

export abstract class VersionLocks {
  /** The version's stored locks and the rules they hold now. */
  abstract held(versionId: number): Promise<HeldRules>;
}
