import { Injectable } from '@nestjs/common';
import { Outbox, ReviewEvent } from '../platform/outbox/outbox';
import { AuthUser } from '../platform/auth/auth-user';
import { AppError, BadRequestError, ConflictError } from '../platform/http/app-error';
import { formatDate } from '../schedule-engine/dates';
import { lessonKey } from '../schedule-engine/override-application';
import { RoomWarnings } from '../schedule';
import { LESSON_SLOT_NOT_FOUND, LessonChange, LessonChanges, OverrideWrites, publishedOnly, ScheduleReads } from '../schedule/core';
import { Decision, checkDecisionShape } from './absence-rules';
import { AffectedLesson, AffectedLessons, ensurePlannable } from './affected-lessons';
import { AbsenceDecisionRequest, AbsenceResolveRequest, AbsenceResolveResponse, AbsenceResponse } from './dto/absence.dto';
import { linkAllows, ReplacementFactsRepository } from './replacement-facts.repository';
import { NewDecision, TeacherAbsencesRepository } from './teacher-absences.repository';
import { TeacherAbsencesService } from './teacher-absences.service';

/**
 * Resolving an absence (spec 4.13): a batch of decisions applied in one transaction under the locks of
 * the semesters the absence touches. Each decision but REJECT becomes an ordinary override, checked by
 * the core's `LessonChanges` against the timetable as the earlier decisions of the batch left it; the
 * first refusal (400, or 409 for a clash or an unavailable teacher) rolls the whole batch back. The
 * absence becomes RESOLVED once no affected lesson waits for a decision.
 */
@Injectable()
export class AbsenceResolutionService {
  constructor(
    private readonly absenceService: TeacherAbsencesService,
    private readonly absences: TeacherAbsencesRepository,
    private readonly affected: AffectedLessons,
    private readonly data: ScheduleReads,
    private readonly changes: LessonChanges,
    private readonly writer: OverrideWrites,
    private readonly facts: ReplacementFactsRepository,
    private readonly outbox: Outbox,
    private readonly rooms: RoomWarnings,
  ) {}

  async resolve(caller: AuthUser, found: AbsenceResponse, request: AbsenceResolveRequest): Promise<AbsenceResolveResponse> {
    ensurePlannable(found);
    const decisions = request.decisions.map(toDecision);
    decisions.forEach((decision, index) => checkDecisionShape(decision, index + 1));
    ensureDistinctLessons(decisions);

    return this.absenceService.underScheduleLocks(found.startDate, found.endDate, async () => {
      const absence = await this.absences.find(found.id, true);
      if (!absence) throw new BadRequestError('Отсутствие преподавателя не найдено');
      ensurePlannable(absence);
      const scene = await this.affected.load(absence);
      const byKey = new Map(scene.lessons.map((item) => [item.key, item]));
      const items = decisions.map((decision, index) => affectedItem(byKey, decision, index + 1));
      await this.ensureLinkedReplacements(decisions, items);

      const stored: NewDecision[] = [];
      for (const [index, decision] of decisions.entries()) {
        const overrideId = await this.apply(absence, decision, index + 1, caller);
        stored.push({ ...decision, absenceId: absence.id, overrideId, decidedBy: caller.userId });
      }
      const ids = await this.absences.insertDecisions(stored);

      const decided = new Set(decisions.map((decision) => lessonKey(decision.baseRuleSlotId, decision.lessonDate)));
      const remainingLessonCount = scene.lessons.filter((item) => item.decision === null && !decided.has(item.key)).length;
      if (remainingLessonCount === 0 && absence.status === 'APPROVED') {
        await this.absences.markResolved(absence.id);
        const event: ReviewEvent = {
          teacherId: absence.teacherId,
          requestId: absence.id,
          decision: 'RESOLVED',
          title: `Занятия на время отсутствия №${absence.id} распределены: замены, переносы и отмены назначены`,
          comment: null,
        };
        await this.outbox.add('absence.resolved', event);
      }
      const log = await this.absences.decisions(absence.id);
      const applied = new Set(ids);
      // The rooms the decisions put lessons in, named by the decision's position in the request.
      const byOverride = await this.rooms.ofOverrides(stored.flatMap((decision) => (decision.overrideId === null ? [] : [decision.overrideId])));
      const warnings = stored.flatMap((decision, index) =>
        (decision.overrideId === null ? [] : (byOverride.get(decision.overrideId) ?? [])).map((warning) => ({ ...warning, message: `Решение ${index + 1}: ${warning.message}` })),
      );
      return {
        absence: (await this.absences.find(absence.id)) ?? absence,
        applied: log.filter((entry) => applied.has(entry.id)),
        remainingLessonCount,
        warnings,
      };
    });
  }

  /** Writes the decision's override (replacing the lesson's current one, if any) and answers its id; REJECT writes none. */
  private async apply(absence: AbsenceResponse, decision: Decision, position: number, caller: AuthUser): Promise<number | null> {
    if (decision.resolution === 'REJECT') return null;
    try {
      const slot = await this.data.lessonSlot(decision.baseRuleSlotId);
      if (!slot) throw new BadRequestError(LESSON_SLOT_NOT_FOUND);
      publishedOnly(slot.versionStatus);
      const scene = await this.changes.locate(slot, decision.lessonDate);
      const current = await this.changes.currentOf(scene);
      const change = changeFor(decision, current.change);
      const write = {
        ...change,
        baseRuleSlotId: decision.baseRuleSlotId,
        lessonDate: decision.lessonDate,
        comment: `Отсутствие преподавателя №${absence.id}${decision.comment ? `: ${decision.comment}` : ''}`,
      };
      return await this.writer.apply(scene, write, caller.userId, current.record?.id);
    } catch (error) {
      if (error instanceof AppError && (error.status === 400 || error.status === 409)) {
        const lead = `Решение ${position} (${decision.resolution}, занятие слота №${decision.baseRuleSlotId} ${formatDate(decision.lessonDate)})`;
        throw new AppError(error.status, `${lead}: ${error.message}. Ни одно решение не применено`);
      }
      throw error;
    }
  }

  /** A replacement teacher must be linked to the lesson's subject (and its lesson type, where the link is restricted). */
  private async ensureLinkedReplacements(decisions: readonly Decision[], items: readonly AffectedLesson[]): Promise<void> {
    const replacing = decisions.flatMap((decision, index) => (decision.newTeacherId !== null ? [{ decision, item: items[index], position: index + 1 }] : []));
    if (replacing.length === 0) return;
    const links = await this.facts.linkedTeachers([...new Set(replacing.map(({ item }) => item.lesson.rule.subjectId))]);
    for (const { decision, item, position } of replacing) {
      const link = links.find((candidate) => candidate.teacherId === decision.newTeacherId && candidate.subjectId === item.lesson.rule.subjectId);
      if (!link || !linkAllows(link, item.lesson.slot.lessonTypeId)) {
        throw new BadRequestError(
          `Решение ${position}: преподаватель №${decision.newTeacherId} не закреплён за дисциплиной «${item.lesson.rule.subjectName}»` +
            `${link ? ' для этого вида занятий' : ''} или в архиве`,
        );
      }
    }
  }
}

function toDecision(request: AbsenceDecisionRequest): Decision {
  return {
    baseRuleSlotId: request.baseRuleSlotId,
    lessonDate: request.lessonDate,
    resolution: request.resolution,
    newTeacherId: request.newTeacherId ?? null,
    targetLessonDate: request.targetLessonDate ?? null,
    newTimeSlotId: request.newTimeSlotId ?? null,
    newClassroomId: request.newClassroomId ?? null,
    comment: request.comment ? request.comment : null,
  };
}

/** The override body a decision makes, on top of the lesson's current change. */
function changeFor(decision: Decision, current: LessonChange): LessonChange {
  const keepMove = current.action === 'MOVE' ? 'MOVE' : 'REPLACE';
  switch (decision.resolution) {
    case 'REPLACE_TEACHER':
      return { ...current, action: keepMove, newTeacherId: decision.newTeacherId, newClassroomId: decision.newClassroomId ?? current.newClassroomId };
    case 'MOVE_TIME':
      return {
        ...current,
        action: 'MOVE',
        targetLessonDate: decision.targetLessonDate === decision.lessonDate ? null : decision.targetLessonDate,
        newTimeSlotId: decision.newTimeSlotId,
        newClassroomId: decision.newClassroomId ?? current.newClassroomId,
      };
    case 'CHANGE_CLASSROOM':
      return { ...current, action: keepMove, newClassroomId: decision.newClassroomId };
    case 'CANCEL':
    case 'REJECT':
      return { action: 'CANCEL', targetLessonDate: null, newTimeSlotId: null, newTeacherId: null, newClassroomId: null, newLessonFormat: null };
  }
}

function ensureDistinctLessons(decisions: readonly Decision[]): void {
  const seen = new Map<string, number>();
  decisions.forEach((decision, index) => {
    const key = lessonKey(decision.baseRuleSlotId, decision.lessonDate);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      throw new BadRequestError(`Решения ${earlier} и ${index + 1} относятся к одному занятию (слот №${decision.baseRuleSlotId}, ${formatDate(decision.lessonDate)})`);
    }
    seen.set(key, index + 1);
  });
}

/** The affected lesson a decision names: 400 when the absence does not affect it, 409 when it already has a decision in force. */
function affectedItem(byKey: ReadonlyMap<string, AffectedLesson>, decision: Decision, position: number): AffectedLesson {
  const item = byKey.get(lessonKey(decision.baseRuleSlotId, decision.lessonDate));
  if (!item) {
    throw new BadRequestError(
      `Решение ${position}: занятие слота №${decision.baseRuleSlotId} ${formatDate(decision.lessonDate)} не затронуто этим отсутствием ` +
        '(это не занятие преподавателя в период отсутствия)',
    );
  }
  if (item.decision) {
    throw new ConflictError(`Решение ${position}: по занятию слота №${decision.baseRuleSlotId} ${formatDate(decision.lessonDate)} уже принято решение №${item.decision.id}`);
  }
  return item;
}
