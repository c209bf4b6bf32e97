import { AppError } from '../../platform/http/app-error';

/**
 * A port for features that propose a change of a stored rule (the quality report's rule-level
 * recommendations, issue 45 §8) and must know, before proposing it, whether the rules API would take
 * it. Declared here so the proposing feature stays apart from the rules feature, which binds it with
 * exactly the checks `PUT /api/admin/schedule-rules/{id}` runs; the schedule module hands it in.
 */

/** One slot of a rule body (spec 2, "Schedule rule and slot"); `id` keeps an existing slot. */
export interface RuleChangeSlot {
  id?: number;
  dayOfWeek: number | null;
  parity: 'BOTH' | 'ODD' | 'EVEN';
  timeSlotId: number | null;
  subgroupIds: number[];
  teacherId: number;
  classroomId: number | null;
  lessonTypeId: number;
  lessonFormat: string;
}

/** The body of `PUT /api/admin/schedule-rules/{id}`, field by field as the spec's rule request names them. */
export interface RuleChangeBody {
  scheduleVersionId: number;
  semesterId: number;
  subjectId: number;
  lectureAcademicHours: number;
  laboratoryAcademicHours: number;
  practiceAcademicHours: number;
  lectureStartWeek: number;
  laboratoryStartWeek: number;
  practiceStartWeek: number;
  groupIds: number[];
  slots: RuleChangeSlot[];
  /** The day the change holds from (issue 53); absent: the whole semester. */
  effectiveFrom?: string;
}

export abstract class RuleChangeTrials {
  /**
   * What `PUT /api/admin/schedule-rules/{ruleId}` with `body` would answer now, without writing
   * anything: undefined when it would be saved, else the refusal (400 or 409) it would give.
   */
  abstract refusalOf(ruleId: number, body: RuleChangeBody): Promise<AppError | undefined>;
}
