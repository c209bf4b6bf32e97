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
}

export abstract class VersionScores {
  /** The version scored exactly as the quality report scores it. */
  abstract score(semesterId: number, versionId: number): Promise<VersionScore>;
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
  /** Source slots that never move (locked rules): the core's checks never unplace them. */
  fixedSlotIds: ReadonlySet<number>;
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
