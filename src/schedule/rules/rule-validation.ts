import { BadRequestError, ConflictError } from '../../platform/http/app-error';
import { LESSON_KINDS, LessonKind } from '../../schedule-engine/lesson-series';
import { allSlots, isPlaced, LoadedRule, LoadedSemester, RuleSlot, UnplacedSlot } from '../../schedule-engine/rule-model';
import { KIND_GENITIVE } from '../../schedule-engine/rule-problems';
import { weekNumber } from '../../schedule-engine/weeks';
import { LockedVersion } from '../core';
import { RuleFacts } from './rule-facts.repository';
import { isPlacedPayload, PayloadSlot, RulePayload } from './rule-payload';
import { lackText, missingEquipment, requiredEquipment } from '../../schedule-engine/room-equipment';

/** Rules 1–7 of spec 4.9: pure checks of a rule body against what its ids name. */

export const ARCHIVED_VERSION = 'Версия в архиве доступна только для чтения';

/** A slot names a day, a pair and a room, or none of them (a draft's unplaced lesson). */
export const UNPLACED_TOGETHER =
  'День недели, пара и аудитория указываются вместе: заполните все три или оставьте все пустыми, если занятие черновика ещё не размещено';
/** Only a draft may hold a lesson without its day, pair and room. */
export const UNPLACED_ONLY_IN_DRAFT =
  'Неразмещённое занятие (без дня недели, пары и аудитории) возможно только в черновике: в опубликованной версии укажите день, пару и аудиторию';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

const START_WEEK_FIELD: Record<LessonKind, string> = {
  LECTURE: 'lectureStartWeek',
  PRACTICE: 'practiceStartWeek',
  LABORATORY: 'laboratoryStartWeek',
};

const HOURS_FIELD: Record<LessonKind, string> = {
  LECTURE: 'lectureAcademicHours',
  PRACTICE: 'practiceAcademicHours',
  LABORATORY: 'laboratoryAcademicHours',
};

/** The request path of a slot of the body, or of one of its properties (`slots[1].classroomId`). */
export const slotField = (slot: { position: number }, property?: string): string =>
  property ? `slots[${slot.position - 1}].${property}` : `slots[${slot.position - 1}]`;

/** Rule 1: the version exists, belongs to the semester and is not archived. */
export function checkVersion(version: LockedVersion | undefined, semesterId: number): LockedVersion {
  if (!version) throw new BadRequestError('Версия расписания не найдена').at('scheduleVersionId');
  if (version.semesterId !== semesterId) throw new BadRequestError('Версия расписания относится к другому семестру').at('scheduleVersionId');
  if (version.status === 'ARCHIVED') throw new ConflictError(ARCHIVED_VERSION).at('scheduleVersionId');
  return version;
}

/**
 * Issue 43: each slot is placed (day, pair and room) or, in a DRAFT only, unplaced (none of them);
 * anything in between is refused. 400 at the first missing field of the slot.
 */
export function checkPlacement(payload: RulePayload, status: LockedVersion['status']): void {
  for (const slot of payload.slots) {
    const place = { dayOfWeek: slot.dayOfWeek, timeSlotId: slot.timeSlotId, classroomId: slot.classroomId };
    const missing = Object.entries(place).filter(([, value]) => value === null).map(([field]) => field);
    if (missing.length === 0) continue;
    if (missing.length < 3) throw new BadRequestError(`Слот ${slot.position}: ${lowerFirst(UNPLACED_TOGETHER)}`).at(slotField(slot, missing[0]));
    if (status !== 'DRAFT') throw new BadRequestError(`Слот ${slot.position}: ${lowerFirst(UNPLACED_ONLY_IN_DRAFT)}`).at(slotField(slot, 'dayOfWeek'));
  }
}

/** Rule 5 on the numbers alone: some hours, start weeks inside the semester. */
export function checkHours(payload: RulePayload, semester: LoadedSemester): void {
  if (LESSON_KINDS.every((kind) => payload.hours[kind] === 0)) {
    throw new BadRequestError('Хотя бы один вид занятий должен иметь положительное число часов');
  }
  const weeks = weekNumber(semester.startDate, semester.endDate);
  for (const kind of LESSON_KINDS) {
    if (payload.startWeeks[kind] > weeks) {
      throw new BadRequestError(`Поле «${START_WEEK_FIELD[kind]}» не может быть больше числа недель семестра (${weeks})`).at(START_WEEK_FIELD[kind]);
    }
  }
}

/**
 * Rules 2–7: every id exists (400), references new to the rule are active, slot ids belong to the rule,
 * time slots are base-grid pairs, subgroups only on laboratory slots and within the rule's groups, the
 * hours of each kind match its slots. Answers the rule as it would be stored, ready for the generator
 * (new slots get negative ids).
 */
/**
 * With `from` (a change from a date), a kind whose slots all end before it may keep the hours its past
 * periods gave: its lessons are history, not a kind left without slots.
 */
export function validateRule(payload: RulePayload, facts: RuleFacts, current?: LoadedRule, from?: string): LoadedRule {
  const subject = facts.subject;
  if (!subject) throw new BadRequestError('Дисциплина не найдена').at('subjectId');
  if (subject.archived && current?.subjectId !== subject.id) {
    throw new BadRequestError(`Дисциплина «${subject.name}» в архиве: выберите действующую`).at('subjectId');
  }

  const missingGroups = payload.groupIds.filter((id) => !facts.groups.has(id));
  if (missingGroups.length > 0) throw new BadRequestError(`Группы не найдены: ${missingGroups.join(', ')}`).at('groupIds');
  for (const id of payload.groupIds) {
    const group = facts.groups.get(id);
    if (group?.archived && !current?.groupIds.includes(id)) throw new BadRequestError(`Группа «${group.name}» в архиве: выберите действующую`).at('groupIds');
  }

  const stored = current ? allSlots(current) : [];
  checkSlotIds(payload.slots, stored);
  const known = {
    teachers: new Set(stored.map((slot) => slot.teacherId)),
    classrooms: new Set(stored.map((slot) => slot.classroomId)),
    rooms: new Set(stored.map((slot) => roomKey(slot))),
  };
  const ruleId = current?.id ?? 0;
  const slots = payload.slots.map((slot) => checkSlot(slot, payload, facts, known, ruleId));

  for (const kind of LESSON_KINDS) {
    const pastOnly = from !== undefined && stored.some((slot) => slot.lessonKind === kind && (slot.activeFrom ?? '') < from);
    if (payload.hours[kind] > 0 && !slots.some((slot) => slot.lessonKind === kind) && !pastOnly) {
      throw new BadRequestError(`Для ${KIND_GENITIVE[kind]} указано ${payload.hours[kind]} ч, но нет ни одного слота этого вида`).at(HOURS_FIELD[kind]);
    }
  }
  for (const [index, slot] of slots.entries()) {
    if (payload.hours[slot.lessonKind] === 0) {
      throw new BadRequestError(`Слот ${index + 1}: для ${KIND_GENITIVE[slot.lessonKind]} не указаны часы`).at(`slots[${index}].lessonTypeId`);
    }
  }

  const rule: LoadedRule = {
    id: ruleId,
    versionId: payload.versionId,
    semesterId: payload.semesterId,
    subjectId: subject.id,
    subjectName: subject.name,
    status: 'ACTIVE',
    hours: payload.hours,
    startWeeks: payload.startWeeks,
    groupIds: payload.groupIds,
    // Only placed slots are laid out and checked for clashes; unplaced ones (drafts) have no lessons.
    slots: slots.filter(isPlaced),
  };
  const unplaced = slots.filter((slot): slot is UnplacedSlot => !isPlaced(slot));
  if (unplaced.length > 0) rule.unplaced = unplaced;
  return rule;
}

/** A stored slot's room and lesson type, to tell a kept place from a new choice. */
function roomKey(slot: { id?: number; classroomId: number | null; lessonTypeId: number }): string {
  return `${slot.id}:${slot.classroomId}:${slot.lessonTypeId}`;
}

/** Rule 2: slot ids name slots of this rule, each at most once. */
function checkSlotIds(slots: PayloadSlot[], stored: readonly RuleSlot[]): void {
  const own = new Set(stored.map((slot) => slot.id));
  const seen = new Set<number>();
  for (const slot of slots) {
    if (slot.id === undefined) continue;
    if (!own.has(slot.id)) throw new BadRequestError(`Слот ${slot.position}: у правила нет слота с идентификатором ${slot.id}`).at(slotField(slot, 'id'));
    if (seen.has(slot.id)) throw new BadRequestError(`Слот ${slot.position}: слот с идентификатором ${slot.id} указан дважды`).at(slotField(slot, 'id'));
    seen.add(slot.id);
  }
}

function checkSlot(
  slot: PayloadSlot,
  payload: RulePayload,
  facts: RuleFacts,
  known: { teachers: Set<number>; classrooms: Set<number | null>; rooms: Set<string> },
  ruleId: number,
): RuleSlot {
  const at = `Слот ${slot.position}`;
  const placed = isPlacedPayload(slot);
  if (placed) {
    const timeSlot = facts.timeSlots.get(slot.timeSlotId);
    if (!timeSlot) throw new BadRequestError(`${at}: пара (временной слот) ${slot.timeSlotId} не найдена`).at(slotField(slot, 'timeSlotId'));
    if (!timeSlot.base) throw new BadRequestError(`${at}: пара должна быть из основной сетки`).at(slotField(slot, 'timeSlotId'));
  }

  const teacher = facts.users.get(slot.teacherId);
  if (!teacher) throw new BadRequestError(`${at}: преподаватель ${slot.teacherId} не найден`).at(slotField(slot, 'teacherId'));
  if (teacher.role !== 'TEACHER') throw new BadRequestError(`${at}: пользователь «${teacher.name}» не является преподавателем`).at(slotField(slot, 'teacherId'));
  if (!teacher.active && !known.teachers.has(teacher.id)) {
    throw new BadRequestError(`${at}: преподаватель «${teacher.name}» в архиве: выберите действующего`).at(slotField(slot, 'teacherId'));
  }

  if (placed) {
    const classroom = facts.classrooms.get(slot.classroomId);
    if (!classroom) throw new BadRequestError(`${at}: аудитория ${slot.classroomId} не найдена`).at(slotField(slot, 'classroomId'));
    if (classroom.archived && !known.classrooms.has(classroom.id)) {
      throw new BadRequestError(`${at}: аудитория «${classroom.name}» в архиве: выберите действующую`).at(slotField(slot, 'classroomId'));
    }
  }

  const lessonType = facts.lessonTypes.get(slot.lessonTypeId);
  if (!lessonType) throw new BadRequestError(`${at}: вид занятия ${slot.lessonTypeId} не найден`).at(slotField(slot, 'lessonTypeId'));
  if (placed && !known.rooms.has(roomKey(slot))) {
    // A slot kept in its room with its lesson type stays (validation lists it); a new choice must be equipped.
    const classroom = facts.classrooms.get(slot.classroomId)!;
    const lacking = missingEquipment(requiredEquipment(facts.requirements, { subjectId: payload.subjectId, ...slot }), classroom.equipmentIds);
    if (lacking.length > 0) {
      throw new BadRequestError(
        `${at}: в аудитории «${classroom.name}» ${lackText(lacking)}, нужного для ${KIND_GENITIVE[lessonType.code]} по дисциплине «${facts.subject?.name ?? ''}»`,
      ).at(slotField(slot, 'classroomId'));
    }
  }

  if (slot.subgroupIds.length > 0 && lessonType.code !== 'LABORATORY') {
    throw new BadRequestError(`${at}: подгруппы указываются только для лабораторных работ`).at(slotField(slot, 'subgroupIds'));
  }
  const groupsWithSubgroup = new Set<number>();
  const subgroups = slot.subgroupIds.map((id) => {
    const subgroup = facts.subgroups.get(id);
    if (!subgroup) throw new BadRequestError(`${at}: подгруппа ${id} не найдена`).at(slotField(slot, 'subgroupIds'));
    if (!payload.groupIds.includes(subgroup.groupId)) {
      throw new BadRequestError(`${at}: подгруппа «${subgroup.name}» группы «${subgroup.groupName}» не относится к группам правила`).at(slotField(slot, 'subgroupIds'));
    }
    if (groupsWithSubgroup.has(subgroup.groupId)) {
      throw new BadRequestError(`${at}: в одном слоте может быть только одна подгруппа группы «${subgroup.groupName}»`).at(slotField(slot, 'subgroupIds'));
    }
    groupsWithSubgroup.add(subgroup.groupId);
    return { id, groupId: subgroup.groupId };
  });

  const common = {
    id: slot.id ?? -slot.position,
    ruleId,
    parity: slot.parity,
    teacherId: slot.teacherId,
    lessonTypeId: slot.lessonTypeId,
    lessonKind: lessonType.code,
    lessonFormat: slot.lessonFormat,
    subgroups,
  };
  return placed
    ? { ...common, dayOfWeek: slot.dayOfWeek, timeSlotId: slot.timeSlotId, classroomId: slot.classroomId }
    : { ...common, dayOfWeek: null, timeSlotId: null, classroomId: null };
}
