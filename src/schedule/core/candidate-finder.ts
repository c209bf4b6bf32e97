import { Injectable } from '@nestjs/common';
import { BadRequestError } from '../../platform/http/app-error';
import { ActualLesson, applyOverride } from '../../schedule-engine/override-application';
import { effectiveSlotsOn } from '../../schedule-engine/series-context';
import { eachDate } from '../../schedule-engine/weeks';
import { LESSON_SLOT_NOT_FOUND, LessonChange, LessonChanges, LessonScene, publishedOnly } from './lesson-changes';
import { ScheduleDataRepository } from './schedule-data.repository';

/**
 * What to change about a lesson: its pair the same day, its date (same pair number), its date and
 * pair together, its room or its teacher.
 */
export const CANDIDATE_KINDS = ['TIME_SLOT', 'DATE', 'DATE_TIME', 'CLASSROOM', 'TEACHER'] as const;
export type CandidateKind = (typeof CANDIDATE_KINDS)[number];

/** Narrows the variants tried: only these teachers (TEACHER), only these dates (DATE, DATE_TIME). */
export interface CandidateNarrowing {
  teacherIds?: readonly number[];
  dates?: readonly string[];
}

/** The kinds wanted, each with its narrowing (`{}` for every variant). */
export type CandidateRequest = Partial<Record<CandidateKind, CandidateNarrowing>>;

export interface AcceptedCandidate {
  kind: CandidateKind;
  /** The override body that makes this change (it replaces the lesson's current one, if any). */
  change: LessonChange;
  /** Where the lesson would be. */
  lesson: ActualLesson;
}

export interface RejectedCandidate {
  kind: CandidateKind;
  change: LessonChange;
  /** 400 (the change is not allowed) or 409 (it clashes or the teacher is unavailable), as saving would answer. */
  status: number;
  reason: string;
}

export interface LessonCandidates {
  /** The lesson as the timetable has it now (its base form when it is cancelled). */
  lesson: ActualLesson;
  /** The override the lesson has now, which a chosen candidate replaces; null when none. */
  overrideId: number | null;
  accepted: AcceptedCandidate[];
  rejected: RejectedCandidate[];
}

/**
 * For one lesson of the published version (named by its base slot and original date) and one kind of
 * change, every variant the timetable allows, each checked by exactly the checks override creation
 * runs (`LessonChanges`). A lesson already changed keeps its change and gets the new one on top (a
 * moved lesson stays moved when it only changes its room). The teacher absence wizard, change-request
 * candidates, quality recommendations and a "why not here" view build on it; the rejected variants
 * carry the reason saving would give.
 */
@Injectable()
export class CandidateFinder {
  constructor(
    private readonly data: ScheduleDataRepository,
    private readonly changes: LessonChanges,
  ) {}

  find(baseRuleSlotId: number, lessonDate: string, kind: CandidateKind): Promise<LessonCandidates> {
    return this.findAll(baseRuleSlotId, lessonDate, { [kind]: {} });
  }

  /** Several kinds at once: the lesson is located once, each kind checked with its own prepared scope. */
  async findAll(baseRuleSlotId: number, lessonDate: string, request: CandidateRequest): Promise<LessonCandidates> {
    const slot = await this.data.lessonSlot(baseRuleSlotId);
    if (!slot) throw new BadRequestError(LESSON_SLOT_NOT_FOUND);
    publishedOnly(slot.versionStatus);
    const scene = await this.changes.locate(slot, lessonDate);
    const { record: current, change: currentChange } = await this.changes.currentOf(scene);
    const lesson = (current && applyOverride(scene.base, current, scene.semester.startDate)) ?? scene.base;
    const result: LessonCandidates = { lesson, overrideId: current?.id ?? null, accepted: [], rejected: [] };
    // Each kind is prepared on its own: together, every room times every date would make the clash
    // guard load nearly the whole semester, while each alone reaches only a few rules.
    for (const kind of CANDIDATE_KINDS) {
      const narrowing = request[kind];
      if (!narrowing) continue;
      const variants = await this.variants(scene, lesson, currentChange, kind, narrowing);
      if (variants.length === 0) continue;
      const check = await this.changes.prepare(scene, variants, current?.id ?? 0);
      for (const change of variants) {
        const outcome = check.attempt(change);
        if (outcome.lesson) result.accepted.push({ kind, change, lesson: outcome.lesson });
        else if (outcome.refusal) result.rejected.push({ kind, change, status: outcome.refusal.status, reason: outcome.refusal.message });
      }
    }
    return result;
  }

  private async variants(
    scene: LessonScene,
    lesson: ActualLesson,
    current: LessonChange,
    kind: CandidateKind,
    narrowing: CandidateNarrowing,
  ): Promise<LessonChange[]> {
    const { semester, grids, base } = scene;
    const dates = narrowing.dates ?? eachDate(semester.startDate, semester.endDate);
    const moved = (targetLessonDate: string, newTimeSlotId: number): LessonChange => ({
      ...current,
      action: 'MOVE',
      targetLessonDate: targetLessonDate === base.date ? null : targetLessonDate,
      newTimeSlotId,
    });
    switch (kind) {
      case 'TIME_SLOT':
        return effectiveSlotsOn(grids, lesson.date)
          .filter((pair) => pair.startTime !== lesson.startTime || pair.endTime !== lesson.endTime)
          .filter((pair) => lesson.date !== base.date || pair.startTime !== base.startTime || pair.endTime !== base.endTime)
          .map((pair) => moved(lesson.date, pair.id));
      case 'DATE':
        return dates.flatMap((date) => {
          if (date === lesson.date || date === base.date) return [];
          const pair = effectiveSlotsOn(grids, date).find((candidate) => candidate.orderNumber === lesson.timeSlotOrder);
          return pair ? [moved(date, pair.id)] : [];
        });
      case 'DATE_TIME':
        return dates.flatMap((date) =>
          date === lesson.date || date === base.date ? [] : effectiveSlotsOn(grids, date).map((pair) => moved(date, pair.id)),
        );
      case 'CLASSROOM':
        return (await this.data.activeClassroomIds())
          .filter((id) => id !== lesson.classroomId)
          .map((id) => ({ ...current, action: current.action === 'MOVE' ? 'MOVE' : 'REPLACE', newClassroomId: id }));
      case 'TEACHER':
        return (narrowing.teacherIds ?? (await this.data.activeTeacherIds()))
          .filter((id) => id !== lesson.teacherId)
          .map((id) => ({ ...current, action: current.action === 'MOVE' ? 'MOVE' : 'REPLACE', newTeacherId: id }));
    }
  }
}
