import { Injectable } from '@nestjs/common';
import { ConflictError } from '../platform/http/app-error';
import { ActualLesson, lessonKey, originalDateOf } from '../schedule-engine/override-application';
import { LoadedSemester } from '../schedule-engine/rule-model';
import { ActualLessons } from '../schedule/core';
import { AbsenceDecisionResponse, AbsenceResponse } from './dto/absence.dto';
import { TeacherAbsencesRepository } from './teacher-absences.repository';

export interface AffectedLesson {
  lesson: ActualLesson;
  semester: LoadedSemester;
  versionId: number;
  /** `lessonKey` of the base slot and original date. */
  key: string;
  /** The decision in force: a REJECT, or one whose override still exists; null when the lesson still waits. */
  decision: AbsenceDecisionResponse | null;
}

export interface AbsenceScene {
  absence: AbsenceResponse;
  lessons: AffectedLesson[];
  decisions: AbsenceDecisionResponse[];
}

/** Only an approved (or already resolved) absence is planned around. */
export function ensurePlannable(absence: AbsenceResponse): void {
  if (absence.status === 'APPROVED' || absence.status === 'RESOLVED') return;
  if (absence.status === 'PENDING') throw new ConflictError(`Отсутствие №${absence.id} ещё не утверждено: сначала рассмотрите его`);
  throw new ConflictError(`Отсутствие №${absence.id} закрыто (статус ${absence.status}): занятия по нему не обрабатываются`);
}

/**
 * The lessons an absence affects: the teacher's actual lessons (after one-off changes) dated inside
 * the absence, each with the decision in force. A lesson handed to another teacher or moved out of the
 * period is no longer affected; one whose override was deleted afterwards waits for a decision again.
 */
@Injectable()
export class AffectedLessons {
  constructor(
    private readonly actual: ActualLessons,
    private readonly absences: TeacherAbsencesRepository,
  ) {}

  async load(absence: AbsenceResponse): Promise<AbsenceScene> {
    const semesters = await this.actual.inRange({ teacherIds: [absence.teacherId], startDate: absence.startDate, endDate: absence.endDate });
    const decisions = await this.absences.decisions(absence.id);
    const inForce = new Map<string, AbsenceDecisionResponse>();
    for (const decision of decisions) {
      const key = lessonKey(decision.baseRuleSlotId, decision.lessonDate);
      if (decision.resolution === 'REJECT' || decision.scheduleOverrideId !== null) inForce.set(key, decision);
      else inForce.delete(key);
    }
    const lessons = semesters.flatMap(({ semester, versionId, lessons }) =>
      lessons.map((lesson) => {
        const key = lessonKey(lesson.slotId, originalDateOf(lesson));
        return { lesson, semester, versionId, key, decision: inForce.get(key) ?? null };
      }),
    );
    return { absence, lessons, decisions };
  }
}
