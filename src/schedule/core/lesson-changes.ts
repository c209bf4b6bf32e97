import { Injectable } from '@nestjs/common';
import { AppError, BadRequestError, ConflictError } from '../../platform/http/app-error';
import { formatDate, isoDayOfWeek } from '../../schedule-engine/dates';
import { ConflictField } from '../../schedule-engine/conflicts';
import { GeneratedLesson } from '../../schedule-engine/lesson-expansion';
import { ActualLesson, applyOverride, lessonKey, NewLessonTime, OverrideAction, OverrideChange, OverrideRecord, overridesByLesson } from '../../schedule-engine/override-application';
import { LoadedRule, LoadedSemester, LoadedSlot } from '../../schedule-engine/rule-model';
import { SemesterSchedule } from '../../schedule-engine/semester-schedule';
import { effectiveSlotsOn, GridSnapshot } from '../../schedule-engine/series-context';
import { ClashGuard, StoredLessons } from './clash-guard';
import { describeMoment, hhmm, reasonsText } from './clash-texts';
import { LessonChangeFacts, LessonChangeFactsRepository } from './lesson-change-facts.repository';
import { LessonSlot, ScheduleDataRepository } from './schedule-data.repository';
import { SemesterSchedules } from './semester-schedules';
import { TeacherBlocks } from './teacher-availability';

export const LESSON_SLOT_NOT_FOUND = 'Занятие не найдено в расписании: слот правила с таким идентификатором не существует';

/**
 * One-off changes touch only lessons of the PUBLISHED version: only that version is viewed and listed
 * in the registry (a draft's lessons are not anyone's timetable yet, an archived version is history).
 */
export function publishedOnly(status: string | undefined): void {
  if (status === 'PUBLISHED') return;
  if (status === 'ARCHIVED') throw new BadRequestError('Версия расписания в архиве доступна только для чтения: её занятия изменить нельзя');
  if (status === 'DRAFT') {
    throw new BadRequestError('Разовые изменения вносятся только в опубликованное расписание, а занятие относится к черновику версии');
  }
  throw new BadRequestError('Версия расписания не найдена');
}

/** What a one-off change of one lesson does (an override body without the lesson it names). */
export interface LessonChange {
  action: OverrideAction;
  /** null: the lesson stays on its date. */
  targetLessonDate: string | null;
  newTimeSlotId: number | null;
  newTeacherId: number | null;
  newClassroomId: number | null;
  newLessonFormat: string | null;
}

/**
 * A 409 because the changed lesson would meet another: with what they would share, so a caller can tell
 * a clash only of the room (which another room cures) from one of the teacher or the group.
 */
export class ClashRefusal extends ConflictError {
  constructor(
    readonly clashFields: readonly ConflictField[],
    message: string,
  ) {
    super(message);
  }
}

/** A lesson of the base series, rebuilt by the ordinary rules, with what it was built from. */
export interface LessonScene {
  semester: LoadedSemester;
  rule: LoadedRule;
  grids: GridSnapshot;
  /** The rule laid out over the semester (its groups' calendars decide which dates allow lessons). */
  schedule: SemesterSchedule;
  base: GeneratedLesson;
}

/**
 * The checks of spec 4.10 for one-off changes of one lesson, shared by override creation, update and
 * deletion and by the candidate finder, so a candidate offered is one that saving would accept.
 * `prepare` loads what checking any number of changes needs in a fixed number of queries; `verify`
 * then decides each change in memory.
 */
@Injectable()
export class LessonChanges {
  constructor(
    private readonly data: ScheduleDataRepository,
    private readonly schedules: SemesterSchedules,
    private readonly facts: LessonChangeFactsRepository,
    private readonly guard: ClashGuard,
  ) {}

  /** The lesson `slot + lessonDate` of the base series of the rule's version; 400 when the rule or lesson is not there. */
  async locate(slot: LessonSlot, lessonDate: string): Promise<LessonScene> {
    const [scene] = await this.locateEach([{ slot, lessonDate }]);
    return scene;
  }

  /**
   * Several lessons, each as `locate` finds it (and refused the same way): the lessons of one version
   * share one load of its semester, rules, grids and calendars (five queries per version, whatever
   * the number of lessons). The scenes of one version share one schedule.
   */
  async locateEach(lessons: readonly { slot: LessonSlot; lessonDate: string }[]): Promise<LessonScene[]> {
    const scenes: LessonScene[] = [];
    for (const indexes of groupIndexes(lessons, (lesson) => lesson.slot.versionId)) {
      const { semesterId, versionId } = lessons[indexes[0]].slot;
      const semester = await this.data.semester(semesterId);
      if (!semester) throw new BadRequestError('Семестр занятия не найден');
      const rules = await this.data.rules({ versionIds: [versionId], ruleIds: distinct(indexes.map((index) => lessons[index].slot.ruleId)) });
      const ruleById = new Map(rules.map((rule) => [rule.id, rule]));
      for (const index of indexes) {
        const { ruleId } = lessons[index].slot;
        if (!ruleById.has(ruleId)) throw new BadRequestError(`Правило расписания №${ruleId} в архиве: его занятия изменить нельзя`);
      }
      const grids = await this.data.grids(semester.startDate, semester.endDate);
      const schedule = await this.schedules.load(semester, rules, { grids });
      for (const index of indexes) {
        const { slot, lessonDate } = lessons[index];
        const rule = ruleById.get(slot.ruleId) as LoadedRule;
        const base = schedule.baseLessonAt(rule.id, slot.slotId, lessonDate);
        if (!base) {
          throw new BadRequestError(
            `Занятие не найдено в расписании: по слоту №${slot.slotId} правила №${rule.id} ${formatDate(lessonDate)} занятия нет ` +
              '(проверьте дату, день недели и чётность слота, календарь групп и оставшиеся часы)',
          );
        }
        scenes[index] = { semester, rule, grids, schedule, base };
      }
    }
    return scenes;
  }

  /**
   * The lesson's current override, and its change as a body to build on (a new change replaces it
   * and keeps what it did unless it says otherwise); a cancelled or unchanged lesson starts from nothing.
   */
  async currentOf(scene: LessonScene): Promise<CurrentChange> {
    const [current] = await this.currentOfEach([scene]);
    return current;
  }

  /** `currentOf` for several scenes: one query per version. */
  async currentOfEach(scenes: readonly LessonScene[]): Promise<CurrentChange[]> {
    const result: CurrentChange[] = [];
    for (const indexes of groupIndexes(scenes, (scene) => scene.rule.versionId)) {
      const ruleIds = distinct(indexes.map((index) => scenes[index].rule.id));
      const byLesson = overridesByLesson(await this.data.overrides(scenes[indexes[0]].rule.versionId, ruleIds));
      for (const index of indexes) {
        const record = byLesson.get(lessonKey(scenes[index].base.slotId, scenes[index].base.date));
        result[index] = { record, change: changeOf(record) };
      }
    }
    return result;
  }

  /**
   * Loads what checking `changes` of the scene's lesson needs: the rows they name, the stored lessons
   * they could meet (after every override but `exceptOverrideId`, the one they replace) and the
   * teachers' blocked times.
   */
  async prepare(scene: LessonScene, changes: readonly LessonChange[], exceptOverrideId: number): Promise<ChangeCheck> {
    const { base } = scene;
    const facts = await this.facts.load({
      // The lesson's own teacher too: refusals name whoever would teach.
      teacherIds: distinct([base.teacherId, ...changes.map((change) => change.newTeacherId)]),
      classroomIds: distinct(changes.map((change) => change.newClassroomId)),
      timeSlotIds: distinct(changes.map((change) => change.newTimeSlotId)),
      groupIds: scene.rule.groupIds,
    });
    const landings = changes.filter((change) => change.action !== 'CANCEL').map((change) => landingOf(base, change));
    return this.checkAgainst(scene, facts, landings, exceptOverrideId);
  }

  /**
   * `prepare` for changes of several lessons at once (the absence wizard): the lessons of one version
   * share one load of the rows named, of the stored lessons any of the changes could meet, and of the
   * teachers' blocked times (four queries per version, whatever the number of lessons). Each lesson's
   * check leaves only that lesson out of the stored ones (its current form and its override), so it
   * decides exactly as `prepare` of that lesson alone would.
   */
  async prepareEach(items: readonly PreparedLesson[]): Promise<ChangeCheck[]> {
    const checks: ChangeCheck[] = [];
    for (const indexes of groupIndexes(items, (item) => item.scene.rule.versionId)) {
      const group = indexes.map((index) => items[index]);
      const changes = group.flatMap((item) => item.changes);
      const groupIds = distinct(group.flatMap((item) => item.scene.rule.groupIds));
      const facts = await this.facts.load({
        teacherIds: distinct([...group.map((item) => item.scene.base.teacherId), ...changes.map((change) => change.newTeacherId)]),
        classroomIds: distinct(changes.map((change) => change.newClassroomId)),
        timeSlotIds: distinct(changes.map((change) => change.newTimeSlotId)),
        groupIds,
      });
      const landings = group.flatMap((item) =>
        item.changes.filter((change) => change.action !== 'CANCEL').map((change) => landingOf(item.scene.base, change)),
      );
      // One reach for every lesson: their groups together and every place a change may put one; the
      // stored lessons loaded are then a superset of what each lesson alone would load.
      const { stored, blocks } = await this.around(group[0].scene, groupIds, landings, {});
      for (const index of indexes) {
        const { scene, exceptOverrideId } = items[index];
        const others = stored?.without([lessonKey(scene.base.slotId, scene.base.date)]);
        checks[index] = new ChangeCheck(scene, facts, others, blocks, exceptOverrideId);
      }
    }
    return checks;
  }

  /**
   * Whether the base lesson itself may come back (an override being deleted): 409 when it would clash
   * or land in its teacher's approved hard unavailability (an absence does not stop it: the lesson was
   * the teacher's before).
   */
  async ensureRestorable(scene: LessonScene, overrideId: number): Promise<void> {
    const facts = await this.facts.load({ teacherIds: [scene.base.teacherId], classroomIds: [], timeSlotIds: [], groupIds: [] });
    const check = await this.checkAgainst(scene, facts, [landingOf(scene.base, null)], overrideId);
    check.ensureFree(scene.base, 'Нельзя удалить изменение: восстановленное занятие пересекается');
    check.ensureTeacherAvailable(scene.base);
  }

  private async checkAgainst(scene: LessonScene, facts: LessonChangeFacts, landings: Landing[], exceptOverrideId: number): Promise<ChangeCheck> {
    const except = { exceptOverrideIds: [exceptOverrideId], exceptLessons: [lessonKey(scene.base.slotId, scene.base.date)] };
    const { stored, blocks } = await this.around(scene, scene.rule.groupIds, landings, except);
    return new ChangeCheck(scene, facts, stored, blocks, exceptOverrideId);
  }

  /**
   * What changes landing at `landings` (lessons of the scene's version, of `groupIds`) must be checked
   * against: the stored lessons they could meet, by one candidate query (none when nothing lands), and
   * the blocked times of the teachers they land with. The one place the clash query is built.
   */
  private async around(
    scene: LessonScene,
    groupIds: number[],
    landings: Landing[],
    except: { exceptOverrideIds?: number[]; exceptLessons?: string[] },
  ): Promise<{ stored: StoredLessons | undefined; blocks: TeacherBlocks }> {
    const { semester, grids, rule } = scene;
    const stored =
      landings.length === 0
        ? undefined
        : await this.guard.storedAround({
            semester,
            grids,
            versionId: rule.versionId,
            published: true,
            reach: { ...rule, groupIds, slots: distinctSlots(landings.map((landing) => landing.slot)) },
            dates: landings.map((landing) => landing.date),
            ...except,
          });
    const teacherIds = distinct(landings.map((landing) => landing.slot.teacherId));
    const blocks = await this.guard.teacherBlocks(teacherIds, semester, grids, 'PREFERENCES_AND_ABSENCES');
    return { stored, blocks };
  }
}

/** The lesson `prepareEach` checks changes of, with the changes and the override they replace (0 when none). */
export interface PreparedLesson {
  scene: LessonScene;
  changes: readonly LessonChange[];
  exceptOverrideId: number;
}

/** A lesson's current override (none for an unchanged lesson) and its change, as a body to build on. */
export interface CurrentChange {
  record?: OverrideRecord;
  change: LessonChange;
}

interface Landing {
  date: string;
  slot: LoadedSlot;
}

/** Weekly places without repeats (changes of many lessons on many dates often take the same one). */
function distinctSlots(slots: readonly LoadedSlot[]): LoadedSlot[] {
  const seen = new Map<string, LoadedSlot>();
  for (const slot of slots) seen.set(`${slot.id}|${slot.dayOfWeek}|${slot.timeSlotId}|${slot.teacherId}|${slot.classroomId}`, slot);
  return [...seen.values()];
}

/** Indexes of `items` grouped by `key`, groups in the order of their first item. */
function groupIndexes<T>(items: readonly T[], key: (item: T) => number): number[][] {
  const groups = new Map<number, number[]>();
  items.forEach((item, index) => {
    const group = groups.get(key(item));
    if (group) group.push(index);
    else groups.set(key(item), [index]);
  });
  return [...groups.values()];
}

/** The weekly place the changed lesson takes, as a slot of its rule (any parity), for the clash guard's candidate search. */
function landingOf(base: GeneratedLesson, change: LessonChange | null): Landing {
  const date = change?.targetLessonDate ?? base.date;
  return {
    date,
    slot: {
      ...base.slot,
      dayOfWeek: isoDayOfWeek(date),
      parity: 'BOTH',
      timeSlotId: change?.newTimeSlotId ?? base.timeSlotId,
      teacherId: change?.newTeacherId ?? base.teacherId,
      classroomId: change?.newClassroomId ?? base.classroomId,
    },
  };
}

function changeOf(current: OverrideRecord | undefined): LessonChange {
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

function distinct(values: readonly (number | null)[]): number[] {
  return [...new Set(values.filter((value): value is number => value !== null))];
}

/** The checks of one prepared scene; each `verify` runs them in the order of spec 4.10 and throws the first broken one. */
export class ChangeCheck {
  constructor(
    private readonly scene: LessonScene,
    private readonly facts: LessonChangeFacts,
    private readonly stored: StoredLessons | undefined,
    private readonly blocks: TeacherBlocks,
    /** The override the change replaces (0 when the lesson has none). */
    readonly overrideId: number,
  ) {}

  /** The lesson the change makes (undefined for CANCEL), or throws 400 or 409 with the reason. */
  verify(change: LessonChange): ActualLesson | undefined {
    const { semester, base } = this.scene;
    const date = change.targetLessonDate ?? base.date;
    if (change.targetLessonDate !== null) this.checkTargetDate(change.targetLessonDate);
    const newTime = change.newTimeSlotId === null ? null : this.newTime(change.newTimeSlotId, date);
    this.checkResources(change);

    const override: OverrideChange = { id: this.overrideId, ...change, newTime };
    const result = applyOverride(base, override, semester.startDate);
    if (!result) return undefined; // a cancel frees its place and cannot clash
    checkChangesSomething(change, base, result);

    this.ensureFree(result, 'Изменение занятия пересекается', change);
    this.ensureTeacherAvailable(result, change);
    return result;
  }

  /** The outcome of `verify` without throwing: the lesson, or the refusal. */
  attempt(change: LessonChange): { lesson?: ActualLesson; refusal?: AppError } {
    // A refusal here is an answer, not a failure: its stack is never read, and capturing one for each
    // of thousands of rejected candidates cost the wizard more than the checks themselves.
    const stackLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      return { lesson: this.verify(change) };
    } catch (error) {
      if (error instanceof AppError) return { refusal: error };
      throw error;
    } finally {
      Error.stackTraceLimit = stackLimit;
    }
  }

  /**
   * The lesson must not clash with any other lesson of the version on its date after every other
   * override is applied (moved-away and cancelled lessons free their place, moved-in ones take theirs).
   */
  ensureFree(lesson: ActualLesson, lead: string, change?: LessonChange): void {
    const clash = this.stored?.firstClash([lesson]);
    if (!clash) return;
    const other = clash.existing;
    const error = new ClashRefusal(clash.fields,
      `${lead} ${describeMoment(lesson)} с занятием «${other.rule.subjectName}» (правило №${other.rule.id}, ` +
        `${hhmm(other.startTime)}–${hhmm(other.endTime)}): ${reasonsText(clash.fields)}`,
    );
    const field = change && this.causeOf(change, clash.fields);
    throw field ? error.at(field) : error;
  }

  /**
   * Which property of the change put the lesson where it clashes (its `LessonChange` name): a new
   * teacher or room that is the busy one, else the new time or date; none when the change moved nothing.
   */
  private causeOf(change: LessonChange, fields: readonly ConflictField[]): keyof LessonChange | undefined {
    const { base } = this.scene;
    if (fields.includes('teacher') && change.newTeacherId !== null && change.newTeacherId !== base.teacherId) return 'newTeacherId';
    if (fields.includes('classroom') && change.newClassroomId !== null && change.newClassroomId !== base.classroomId) return 'newClassroomId';
    if (change.newTimeSlotId !== null) return 'newTimeSlotId';
    if (change.targetLessonDate !== null) return 'targetLessonDate';
    return undefined;
  }

  /**
   * Approved hard unavailability (spec 4.9 rule 13) or an approved absence (4.13) of the lesson's
   * teacher blocks the change (409). An absence blocks only what the change places on the teacher:
   * changing just the room or format of a lesson the teacher already has there is allowed.
   */
  ensureTeacherAvailable(lesson: ActualLesson, change?: LessonChange): void {
    const block = this.blocks.blockOf(lesson);
    if (!block) return;
    const { base } = this.scene;
    const name = this.facts.teachers.get(lesson.teacherId)?.name;
    const who = name ? `«${name}»` : 'занятия';
    const placed = (error: ConflictError) => {
      const field = change && this.causeOf(change, ['teacher']);
      return field ? error.at(field) : error;
    };
    if (block.absenceId === undefined) {
      throw placed(new ConflictError(`Преподаватель ${who} недоступен ${describeMoment(lesson)}: это время закрыто утверждённым ограничением`));
    }
    const keepsPlace = lesson.teacherId === base.teacherId && lesson.date === base.date && lesson.startTime === base.startTime;
    if (keepsPlace) return;
    throw placed(
      new ConflictError(
        `Преподаватель ${who} отсутствует ${formatDate(block.from ?? lesson.date)} – ${formatDate(block.to ?? lesson.date)} ` +
          `(отсутствие №${block.absenceId}): занятие ${describeMoment(lesson)} ему назначить нельзя`,
      ),
    );
  }

  /** A date move stays in the semester, on a day every group's calendar allows lessons (400). */
  private checkTargetDate(date: string): void {
    const { semester, rule, schedule } = this.scene;
    if (date < semester.startDate || date > semester.endDate) {
      throw new BadRequestError(
        `Перенести занятие можно только в пределах его семестра (${formatDate(semester.startDate)} – ${formatDate(semester.endDate)})`,
      ).at('targetLessonDate');
    }
    const closed = rule.groupIds.filter((groupId) => !schedule.context.groupAllows(groupId, date));
    if (closed.length > 0) {
      const names = closed.map((groupId) => `«${this.facts.groups.get(groupId) ?? groupId}»`).join(', ');
      throw new BadRequestError(`${formatDate(date)} учебный календарь ${closed.length > 1 ? 'групп' : 'группы'} ${names} не допускает занятий`).at('targetLessonDate');
    }
  }

  /** The new pair must be one of the bell schedule in effect on the lesson's (new) date (400). */
  private newTime(timeSlotId: number, date: string): NewLessonTime {
    const known = this.facts.timeSlots.get(timeSlotId);
    if (!known) throw new BadRequestError(`Пара (временной слот) №${timeSlotId} не найдена`).at('newTimeSlotId');
    const slot = effectiveSlotsOn(this.scene.grids, date).find((candidate) => candidate.id === timeSlotId);
    if (!slot) {
      throw new BadRequestError(
        `Пара ${known.orderNumber} (${hhmm(known.startTime)}–${hhmm(known.endTime)}) не входит в сетку звонков, действующую ${formatDate(date)}: выберите пару этой сетки`,
      ).at('newTimeSlotId');
    }
    return { timeSlotId: slot.id, orderNumber: slot.orderNumber, startTime: slot.startTime, endTime: slot.endTime };
  }

  /** A new teacher is an active TEACHER and a new room is not archived; the lesson's own ones are always accepted. */
  private checkResources(change: LessonChange): void {
    const { base } = this.scene;
    if (change.newTeacherId !== null && change.newTeacherId !== base.teacherId) {
      const teacher = this.facts.teachers.get(change.newTeacherId);
      if (!teacher) throw new BadRequestError(`Преподаватель №${change.newTeacherId} не найден`).at('newTeacherId');
      if (teacher.role !== 'TEACHER') throw new BadRequestError(`Пользователь «${teacher.name}» не является преподавателем`).at('newTeacherId');
      if (!teacher.active) throw new BadRequestError(`Преподаватель «${teacher.name}» в архиве: выберите действующего`).at('newTeacherId');
    }
    if (change.newClassroomId !== null && change.newClassroomId !== base.classroomId) {
      const classroom = this.facts.classrooms.get(change.newClassroomId);
      if (!classroom) throw new BadRequestError(`Аудитория №${change.newClassroomId} не найдена`).at('newClassroomId');
      if (classroom.archived) throw new BadRequestError(`Аудитория «${classroom.name}» в архиве: выберите действующую`).at('newClassroomId');
    }
  }
}

/** MOVE changes the date or the interval (another pair id with the same times is no move); REPLACE changes a resource or the format. */
function checkChangesSomething(change: LessonChange, base: GeneratedLesson, result: ActualLesson): void {
  if (change.action === 'MOVE' && result.date === base.date && result.startTime === base.startTime && result.endTime === base.endTime) {
    throw new BadRequestError(
      `Перенос должен менять дату или время занятия: пара ${hhmm(result.startTime)}–${hhmm(result.endTime)} совпадает с исходной. ` +
        'Для смены преподавателя, аудитории или формата используйте замену (REPLACE)',
    ).at('targetLessonDate');
  }
  if (
    change.action === 'REPLACE' &&
    result.teacherId === base.teacherId &&
    result.classroomId === base.classroomId &&
    result.slot.lessonFormat === base.slot.lessonFormat
  ) {
    throw new BadRequestError('Замена должна менять преподавателя, аудиторию или формат занятия: указанные значения совпадают с исходными').at('newTeacherId');
  }
}
