import { Injectable } from '@nestjs/common';
import { BadRequestError } from '../../platform/http/app-error';
import { wallClockNow } from '../../platform/http/wall-clock';
import { offerable, offerableDate, WallMoment } from '../../schedule-engine/bygone';
import { ActualLesson, applyOverride } from '../../schedule-engine/override-application';
import { effectiveSlotsOn } from '../../schedule-engine/series-context';
import { eachDate } from '../../schedule-engine/weeks';
import { ConflictField } from '../../schedule-engine/conflicts';
import { ClashRefusal, LESSON_SLOT_NOT_FOUND, LessonChange, LessonChanges, LessonScene, publishedOnly } from './lesson-changes';
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

/**
 * The kinds whose variants are checked with one prepared scope, in the order of CANDIDATE_KINDS. A
 * new room or teacher keeps the lesson's date and pair, so those two reach the same stored lessons;
 * a move kind reaches other dates and pairs and is prepared on its own: together with every room,
 * every date and pair would make the clash guard load nearly the whole semester.
 */
const PREPARED_TOGETHER: readonly (readonly CandidateKind[])[] = [['TIME_SLOT'], ['DATE'], ['DATE_TIME'], ['CLASSROOM', 'TEACHER']];

/** One lesson of `findEach`: its base slot, original date and the kinds wanted. */
export interface LessonRequest {
  baseRuleSlotId: number;
  lessonDate: string;
  request: CandidateRequest;
}

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
  /** For a clash, what the lesson would share with the first lesson it meets (teacher, room, group). */
  clashFields?: readonly ConflictField[];
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
 * carry the reason saving would give. Every variant is a suggestion: a new date or pair is offered only
 * when it has not begun by the university's clock and is no Sunday (`offerable`), while a new room or
 * teacher keeps the lesson's own time, so a lesson already given can still be recorded as changed.
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
    const [found] = await this.findEach([{ baseRuleSlotId, lessonDate, request }]);
    return found;
  }

  /**
   * `findAll` for many lessons at once (the teacher absence wizard), in the order given, refused as
   * `findAll` would refuse the first lesson it cannot find. The lessons are located together and each
   * kind is prepared once for all of them (`LessonChanges.prepareEach`), so the number of queries does
   * not grow with the number of lessons; every variant is still decided by the same `verify`.
   */
  async findEach(lessons: readonly LessonRequest[]): Promise<LessonCandidates[]> {
    if (lessons.length === 0) return [];
    const slots = await this.data.lessonSlots(lessons.map((lesson) => lesson.baseRuleSlotId));
    const located = lessons.map(({ baseRuleSlotId, lessonDate }) => {
      const slot = slots.get(baseRuleSlotId);
      if (!slot) throw new BadRequestError(LESSON_SLOT_NOT_FOUND);
      publishedOnly(slot.versionStatus);
      return { slot, lessonDate };
    });
    const scenes = await this.changes.locateEach(located);
    const currents = await this.changes.currentOfEach(scenes);
    const results: LessonCandidates[] = scenes.map((scene, index) => {
      const current = currents[index].record;
      const lesson = (current && applyOverride(scene.base, current, scene.semester.startDate)) ?? scene.base;
      return { lesson, overrideId: current?.id ?? null, accepted: [], rejected: [] };
    });
    const everyone = await this.everyone(lessons);
    const now = wallClockNow();
    const prepared = PREPARED_TOGETHER.map((kinds) =>
      lessons.flatMap(({ request }, index) => {
        const tried = kinds.flatMap((kind) => {
          const narrowing = request[kind];
          if (!narrowing) return [];
          return this.variants(scenes[index], results[index].lesson, currents[index].change, kind, narrowing, everyone, now).map((change) => ({ kind, change }));
        });
        if (tried.length === 0) return [];
        return [{ index, tried, scene: scenes[index], changes: tried.map(({ change }) => change), exceptOverrideId: currents[index].record?.id ?? 0 }];
      }),
    );
    // The scopes load at the same time: one's rules are read by the database while another's are laid
    // out here (the absence wizard waited for two loads of about 60 ms one after the other).
    const checks = await Promise.all(prepared.map(async (items) => (items.length === 0 ? [] : this.changes.prepareEach(items))));
    prepared.forEach((items, scope) => {
      items.forEach(({ index, tried }, position) => {
        const result = results[index];
        for (const { kind, change } of tried) {
          const outcome = checks[scope][position].attempt(change);
          if (outcome.lesson) result.accepted.push({ kind, change, lesson: outcome.lesson });
          else if (outcome.refusal) {
            const { status, message } = outcome.refusal;
            const clashFields = outcome.refusal instanceof ClashRefusal ? outcome.refusal.clashFields : undefined;
            result.rejected.push({ kind, change, status, reason: message, ...(clashFields ? { clashFields } : {}) });
          }
        }
      });
    });
    return results;
  }

  /** The active rooms and teachers, loaded only when a request tries every one of them. */
  private async everyone(lessons: readonly LessonRequest[]): Promise<Everyone> {
    const everyRoom = lessons.some(({ request }) => request.CLASSROOM);
    const everyTeacher = lessons.some(({ request }) => request.TEACHER && !request.TEACHER.teacherIds);
    return {
      classroomIds: everyRoom ? await this.data.activeClassroomIds() : [],
      teacherIds: everyTeacher ? await this.data.activeTeacherIds() : [],
    };
  }

  private variants(
    scene: LessonScene,
    lesson: ActualLesson,
    current: LessonChange,
    kind: CandidateKind,
    narrowing: CandidateNarrowing,
    everyone: Everyone,
    now: WallMoment,
  ): LessonChange[] {
    const { semester, grids, base } = scene;
    const pairsOn = (date: string) => effectiveSlotsOn(grids, date).filter((pair) => offerable(date, pair.startTime, now));
    const dates = () => (narrowing.dates ?? eachDate(semester.startDate, semester.endDate)).filter((date) => offerableDate(date, now));
    const moved = (targetLessonDate: string, newTimeSlotId: number): LessonChange => ({
      ...current,
      action: 'MOVE',
      targetLessonDate: targetLessonDate === base.date ? null : targetLessonDate,
      newTimeSlotId,
    });
    switch (kind) {
      case 'TIME_SLOT':
        return pairsOn(lesson.date)
          .filter((pair) => pair.startTime !== lesson.startTime || pair.endTime !== lesson.endTime)
          .filter((pair) => lesson.date !== base.date || pair.startTime !== base.startTime || pair.endTime !== base.endTime)
          .map((pair) => moved(lesson.date, pair.id));
      case 'DATE':
        return dates().flatMap((date) => {
          if (date === lesson.date || date === base.date) return [];
          const pair = pairsOn(date).find((candidate) => candidate.orderNumber === lesson.timeSlotOrder);
          return pair ? [moved(date, pair.id)] : [];
        });
      case 'DATE_TIME':
        return dates().flatMap((date) =>
          date === lesson.date || date === base.date ? [] : pairsOn(date).map((pair) => moved(date, pair.id)),
        );
      case 'CLASSROOM':
        return everyone.classroomIds
          .filter((id) => id !== lesson.classroomId)
          .map((id) => ({ ...current, action: current.action === 'MOVE' ? 'MOVE' : 'REPLACE', newClassroomId: id }));
      case 'TEACHER':
        return (narrowing.teacherIds ?? everyone.teacherIds)
          .filter((id) => id !== lesson.teacherId)
          .map((id) => ({ ...current, action: current.action === 'MOVE' ? 'MOVE' : 'REPLACE', newTeacherId: id }));
    }
  }
}

interface Everyone {
  classroomIds: number[];
  teacherIds: number[];
}
