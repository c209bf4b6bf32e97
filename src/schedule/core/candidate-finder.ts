import { Injectable } from '@nestjs/common';
import { BadRequestError } from '../../platform/http/app-error';
import { ActualLesson, applyOverride, OverrideRecord } from '../../schedule-engine/override-application';
import { effectiveSlotsOn } from '../../schedule-engine/series-context';
import { eachDate } from '../../schedule-engine/weeks';
import { LESSON_SLOT_NOT_FOUND, LessonChange, LessonChanges, LessonScene, publishedOnly } from './lesson-changes';
import { ScheduleDataRepository } from './schedule-data.repository';

/** What to change about a lesson: its pair the same day, its date (same pair number), its room or its teacher. */
export const CANDIDATE_KINDS = ['TIME_SLOT', 'DATE', 'CLASSROOM', 'TEACHER'] as const;
export type CandidateKind = (typeof CANDIDATE_KINDS)[number];

export interface AcceptedCandidate {
  /** The override body that makes this change (it replaces the lesson's current one, if any). */
  change: LessonChange;
  /** Where the lesson would be. */
  lesson: ActualLesson;
}

export interface RejectedCandidate {
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

  async find(baseRuleSlotId: number, lessonDate: string, kind: CandidateKind): Promise<LessonCandidates> {
    const slot = await this.data.lessonSlot(baseRuleSlotId);
    if (!slot) throw new BadRequestError(LESSON_SLOT_NOT_FOUND);
    publishedOnly(slot.versionStatus);
    const scene = await this.changes.locate(slot, lessonDate);
    const current = await this.currentOverride(scene);
    const lesson = (current && applyOverride(scene.base, current, scene.semester.startDate)) ?? scene.base;
    const variants = await this.variants(scene, lesson, currentChange(current), kind);

    const check = await this.changes.prepare(scene, variants, current?.id ?? 0);
    const result: LessonCandidates = { lesson, overrideId: current?.id ?? null, accepted: [], rejected: [] };
    for (const change of variants) {
      const outcome = check.attempt(change);
      if (outcome.lesson) result.accepted.push({ change, lesson: outcome.lesson });
      else if (outcome.refusal) result.rejected.push({ change, status: outcome.refusal.status, reason: outcome.refusal.message });
    }
    return result;
  }

  /** The lesson's override, if any. */
  private async currentOverride(scene: LessonScene): Promise<OverrideRecord | undefined> {
    const overrides = await this.data.overrides(scene.rule.versionId, [scene.rule.id]);
    return overrides.find((override) => override.baseRuleSlotId === scene.base.slotId && override.lessonDate === scene.base.date);
  }

  private async variants(scene: LessonScene, lesson: ActualLesson, current: LessonChange, kind: CandidateKind): Promise<LessonChange[]> {
    const { semester, grids, base } = scene;
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
        return eachDate(semester.startDate, semester.endDate).flatMap((date) => {
          if (date === lesson.date || date === base.date) return [];
          const pair = effectiveSlotsOn(grids, date).find((candidate) => candidate.orderNumber === lesson.timeSlotOrder);
          return pair ? [moved(date, pair.id)] : [];
        });
      case 'CLASSROOM':
        return (await this.data.activeClassroomIds())
          .filter((id) => id !== lesson.classroomId)
          .map((id) => ({ ...current, action: current.action === 'MOVE' ? 'MOVE' : 'REPLACE', newClassroomId: id }));
      case 'TEACHER':
        return (await this.data.activeTeacherIds())
          .filter((id) => id !== lesson.teacherId)
          .map((id) => ({ ...current, action: current.action === 'MOVE' ? 'MOVE' : 'REPLACE', newTeacherId: id }));
    }
  }
}

/** The lesson's current change as a body to build on; a cancelled or unchanged lesson starts from nothing. */
function currentChange(current: OverrideRecord | undefined): LessonChange {
  if (!current || current.action === 'CANCEL') {
    return { action: 'REPLACE', targetLessonDate: null, newTimeSlotId: null, newTeacherId: null, newClassroomId: null, newLessonFormat: null };
  }
  return {
    action: current.action,
    targetLessonDate: current.targetLessonDate,
    newTimeSlotId: current.newTime?.timeSlotId ?? null,
    newTeacherId: current.newTeacherId,
    newClassroomId: current.newClassroomId,
    newLessonFormat: current.newLessonFormat,
  };
}
