import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { BadRequestError, ConflictError } from '../../platform/http/app-error';
import { isoDayOfWeek } from '../../platform/http/dates';
import { clashFields } from '../../schedule-engine/conflicts';
import { effectiveGridOf } from '../../schedule-engine/effective-grid';
import { GridSlot, GridSnapshot, LoadedGrid, SemesterContextFactory } from '../../schedule-engine/series-context';
import { expandRule, GeneratedLesson } from '../data/lesson-generator';
import { ScheduleDataRepository } from '../data/schedule-data.repository';
import { LoadedRule, LoadedSemester } from '../data/schedule-data.types';
import { CONFLICT_REASONS, describeMoment } from '../rules/rule-conflicts';
import { blocks, TeacherAvailability } from '../rules/teacher-availability';
import { applyOverride, ChangedLesson, lessonKey, lessonsOnDate } from './override-application';
import { OverridePayload } from './override-payload';
import { OverrideChange } from './override-record';
import { LessonSlot, OverrideFacts, OverridesRepository } from './overrides.repository';
import { formatDate } from './override-texts';

/** A lesson of the base series, rebuilt by the ordinary rules, with what it was built from. */
export interface BaseLessonScene {
  semester: LoadedSemester;
  rule: LoadedRule;
  grids: GridSnapshot;
  factory: SemesterContextFactory;
  base: GeneratedLesson;
}

const counted = (grid: LoadedGrid) => ({ ...grid, slotCount: grid.slots.length });

/** The pairs of the bell schedule in effect on `date` (manual, else Saturday, else base). */
export function effectiveSlotsOn(grids: GridSnapshot, date: string): GridSlot[] {
  const manual = grids.manualByDate.get(date);
  return effectiveGridOf(date, {
    base: counted(grids.base),
    saturday: grids.saturday && counted(grids.saturday),
    assignments: new Map(manual ? [[date, counted(manual)]] : []),
  }).slots;
}

const hhmm = (time: string) => time.slice(0, 5);

/**
 * The checks of spec 4.10 before an override is saved, inside the transaction that holds the
 * semester lock (`TenantDb` makes the shared loaders read on its connection): the lesson rebuilt from
 * the base series (400 when there is none), the target day, pair and resources (400), then clashes of
 * the resulting lesson with every other lesson of the version after all other overrides, and approved
 * hard unavailability (409).
 */
@Injectable()
export class OverrideChecker {
  constructor(
    private readonly data: ScheduleDataRepository,
    private readonly overrides: OverridesRepository,
    private readonly availability: TeacherAvailability,
  ) {}

  /** The lesson `slot + lessonDate` of the base series of the rule's version; 400 when the rule or lesson is not there. */
  async baseLesson(slot: LessonSlot, lessonDate: string): Promise<BaseLessonScene> {
    const semester = await this.data.semester(slot.semesterId);
    if (!semester) throw new BadRequestError('Семестр занятия не найден');
    const [rule] = await this.data.rules({ versionIds: [slot.versionId], ruleIds: [slot.ruleId] });
    if (!rule) throw new BadRequestError(`Правило расписания №${slot.ruleId} в архиве: его занятия изменить нельзя`);
    const grids = await this.data.grids(semester.startDate, semester.endDate);
    const calendars = await this.data.calendars(rule.groupIds, [semester.academicYearId]);
    const factory = new SemesterContextFactory(semester, grids, calendars);
    const base = expandRule(rule, factory).find((lesson) => lesson.slotId === slot.slotId && lesson.date === lessonDate);
    if (!base) {
      throw new BadRequestError(
        `Занятие не найдено в расписании: по слоту №${slot.slotId} правила №${rule.id} ${formatDate(lessonDate)} занятия нет ` +
          '(проверьте дату, день недели и чётность слота, календарь групп и оставшиеся часы)',
      );
    }
    return { semester, rule, grids, factory, base };
  }

  /** Everything but the version (the caller's): answers the lesson the override makes (undefined for CANCEL). */
  async check(manager: EntityManager, payload: OverridePayload, scene: BaseLessonScene, exceptOverrideId: number): Promise<ChangedLesson | undefined> {
    const { semester, rule, base } = scene;
    const date = payload.targetLessonDate ?? payload.lessonDate;
    const facts = await this.overrides.facts(manager, {
      teacherId: payload.newTeacherId,
      classroomId: payload.newClassroomId,
      timeSlotId: payload.newTimeSlotId,
      groupIds: rule.groupIds,
    });

    if (payload.targetLessonDate !== null) this.checkTargetDate(payload.targetLessonDate, scene, facts);
    const newTime = payload.newTimeSlotId === null ? null : this.newTime(payload.newTimeSlotId, date, scene.grids, facts);
    checkResources(payload, base, facts);

    const change: OverrideChange = {
      id: exceptOverrideId,
      action: payload.action,
      targetLessonDate: payload.targetLessonDate,
      newTime,
      newTeacherId: payload.newTeacherId,
      newClassroomId: payload.newClassroomId,
      newLessonFormat: payload.newLessonFormat,
    };
    const result = applyOverride(base, change, semester.startDate);
    if (!result) return undefined; // a cancel frees its place and cannot clash
    checkChangesSomething(payload, base, result);

    await this.ensureNoClash(manager, scene, result, exceptOverrideId, 'Изменение занятия пересекается');
    await this.ensureTeacherAvailable(result, scene, facts.teacher?.name);
    return result;
  }

  /**
   * The lesson must not clash with any other lesson of the version on its date after every other
   * override is applied (moved-away and cancelled lessons free their place, moved-in ones take theirs).
   */
  async ensureNoClash(manager: EntityManager, scene: BaseLessonScene, lesson: ChangedLesson, exceptOverrideId: number, lead: string): Promise<void> {
    const { semester, rule, base } = scene;
    const others = (await this.overrides.touchingDate(manager, rule.versionId, lesson.date, exceptOverrideId)).filter(
      (other) => lessonKey(other.baseRuleSlotId, other.lessonDate) !== lessonKey(base.slotId, base.date),
    );
    const dayOfWeek = isoDayOfWeek(lesson.date);
    const ruleIds = await this.overrides.candidateRuleIds(manager, {
      versionId: rule.versionId,
      dayOfWeek,
      teacherId: lesson.teacherId,
      classroomId: lesson.classroomId,
      groupIds: rule.groupIds,
      alsoRuleIds: [...new Set(others.map((other) => other.ruleId))],
    });
    const rules = await this.data.rules({ versionIds: [rule.versionId], ruleIds });
    const groupIds = [...new Set(rules.flatMap((candidate) => candidate.groupIds))];
    const factory = new SemesterContextFactory(semester, scene.grids, await this.data.calendars(groupIds, [semester.academicYearId]));

    const series = new Map<number, GeneratedLesson[]>();
    const seriesOf = (candidate: LoadedRule) => {
      let lessons = series.get(candidate.id);
      if (!lessons) {
        lessons = expandRule(candidate, factory);
        series.set(candidate.id, lessons);
      }
      return lessons;
    };
    const ownKey = lessonKey(base.slotId, base.date);
    const baseOnDate = rules
      .filter((candidate) => candidate.slots.some((slot) => slot.dayOfWeek === dayOfWeek))
      .flatMap((candidate) => seriesOf(candidate).filter((other) => other.date === lesson.date && lessonKey(other.slotId, other.date) !== ownKey));
    const rulesById = new Map(rules.map((candidate) => [candidate.id, candidate]));
    const movedIn = others.flatMap((other) => {
      const otherRule = rulesById.get(other.ruleId);
      if (other.lessonDate === lesson.date || !otherRule) return [];
      const otherBase = seriesOf(otherRule).find((candidate) => candidate.slotId === other.baseRuleSlotId && candidate.date === other.lessonDate);
      return otherBase ? [{ base: otherBase, change: other }] : [];
    });
    const byLesson = new Map<string, OverrideChange>(others.map((other) => [lessonKey(other.baseRuleSlotId, other.lessonDate), other]));

    for (const other of lessonsOnDate(lesson.date, baseOnDate, byLesson, movedIn, semester.startDate)) {
      const fields = clashFields(lesson, other);
      if (fields.length === 0) continue;
      const reasons = fields.map((field) => CONFLICT_REASONS[field].charAt(0).toLowerCase() + CONFLICT_REASONS[field].slice(1)).join('; ');
      throw new ConflictError(
        `${lead} ${describeMoment(lesson)} с занятием «${other.rule.subjectName}» (правило №${other.rule.id}, ` +
          `${hhmm(other.startTime)}–${hhmm(other.endTime)}): ${reasons}`,
      );
    }
  }

  /** Approved hard unavailability of the lesson's teacher (spec 4.9 rule 13) blocks the change (409). */
  private async ensureTeacherAvailable(lesson: ChangedLesson, scene: BaseLessonScene, newTeacherName: string | undefined): Promise<void> {
    const blocked = await this.availability.blockedLessons([lesson.teacherId], scene.semester);
    if (blocked.length === 0) return;
    // Blocks name base-grid pairs: a pair of another grid counts as the base pair with its number.
    const basePair = scene.grids.base.slots.find((slot) => slot.orderNumber === lesson.timeSlotOrder)?.id ?? lesson.timeSlotId;
    if (blocked.some((block) => blocks(block, { teacherId: lesson.teacherId, date: lesson.date, dayOfWeek: lesson.dayOfWeek, timeSlotId: basePair }))) {
      const who = lesson.teacherId !== scene.base.teacherId && newTeacherName ? `«${newTeacherName}»` : 'занятия';
      throw new ConflictError(`Преподаватель ${who} недоступен ${describeMoment(lesson)}: это время закрыто утверждённым ограничением`);
    }
  }

  /** A date move stays in the semester, on a day every group's calendar allows lessons (400). */
  private checkTargetDate(date: string, scene: BaseLessonScene, facts: OverrideFacts): void {
    const { semester, rule, factory } = scene;
    if (date < semester.startDate || date > semester.endDate) {
      throw new BadRequestError(
        `Перенести занятие можно только в пределах его семестра (${formatDate(semester.startDate)} – ${formatDate(semester.endDate)})`,
      );
    }
    const closed = rule.groupIds.filter((groupId) => !factory.groupAllows(groupId, date));
    if (closed.length > 0) {
      const names = closed.map((groupId) => `«${facts.groups.get(groupId) ?? groupId}»`).join(', ');
      throw new BadRequestError(`${formatDate(date)} учебный календарь ${closed.length > 1 ? 'групп' : 'группы'} ${names} не допускает занятий`);
    }
  }

  /** The new pair must be one of the bell schedule in effect on the lesson's (new) date (400). */
  private newTime(timeSlotId: number, date: string, grids: GridSnapshot, facts: OverrideFacts) {
    if (!facts.timeSlot) throw new BadRequestError(`Пара (временной слот) №${timeSlotId} не найдена`);
    const slot = effectiveSlotsOn(grids, date).find((candidate) => candidate.id === timeSlotId);
    if (!slot) {
      const { orderNumber, startTime, endTime } = facts.timeSlot;
      throw new BadRequestError(
        `Пара ${orderNumber} (${hhmm(startTime)}–${hhmm(endTime)}) не входит в сетку звонков, действующую ${formatDate(date)}: выберите пару этой сетки`,
      );
    }
    return { timeSlotId: slot.id, orderNumber: slot.orderNumber, startTime: slot.startTime, endTime: slot.endTime };
  }
}

/** A new teacher is an active TEACHER and a new room is not archived; the lesson's own ones are always accepted. */
function checkResources(payload: OverridePayload, base: GeneratedLesson, facts: OverrideFacts): void {
  if (payload.newTeacherId !== null && payload.newTeacherId !== base.teacherId) {
    const teacher = facts.teacher;
    if (!teacher) throw new BadRequestError(`Преподаватель №${payload.newTeacherId} не найден`);
    if (teacher.role !== 'TEACHER') throw new BadRequestError(`Пользователь «${teacher.name}» не является преподавателем`);
    if (!teacher.active) throw new BadRequestError(`Преподаватель «${teacher.name}» в архиве: выберите действующего`);
  }
  if (payload.newClassroomId !== null && payload.newClassroomId !== base.classroomId) {
    const classroom = facts.classroom;
    if (!classroom) throw new BadRequestError(`Аудитория №${payload.newClassroomId} не найдена`);
    if (classroom.archived) throw new BadRequestError(`Аудитория «${classroom.name}» в архиве: выберите действующую`);
  }
}

/** MOVE changes the date or the interval (another pair id with the same times is no move); REPLACE changes a resource or the format. */
function checkChangesSomething(payload: OverridePayload, base: GeneratedLesson, result: ChangedLesson): void {
  if (payload.action === 'MOVE' && result.date === base.date && result.startTime === base.startTime && result.endTime === base.endTime) {
    throw new BadRequestError(
      `Перенос должен менять дату или время занятия: пара ${hhmm(result.startTime)}–${hhmm(result.endTime)} совпадает с исходной. ` +
        'Для смены преподавателя, аудитории или формата используйте замену (REPLACE)',
    );
  }
  if (
    payload.action === 'REPLACE' &&
    result.teacherId === base.teacherId &&
    result.classroomId === base.classroomId &&
    result.slot.lessonFormat === base.slot.lessonFormat
  ) {
    throw new BadRequestError('Замена должна менять преподавателя, аудиторию или формат занятия: указанные значения совпадают с исходными');
  }
}
