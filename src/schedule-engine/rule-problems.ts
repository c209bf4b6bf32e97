import { ConflictField } from './conflicts';
import { LESSON_KINDS, LessonKind } from './lesson-series';
import { allSlots, isPlaced, LoadedRule, RuleSlot } from './rule-model';
import { EquipmentRequirements, lackText, missingEquipment, requiredEquipment } from './room-equipment';

/**
 * Re-validation of a stored rule without its clashes (those need every lesson, see version-validator):
 * what it refers to must still exist, be active and fit (teachers with role TEACHER, base-grid pairs,
 * laboratory subgroups of the rule's own groups), and its hours must match its slots and the semester.
 * Pure: the facts about the referenced rows are loaded once for the whole version.
 */

/** PAST_LESSONS: a draft's publication would change lessons already given (issue 45 §2; listed by validation, never refuses publication). */
export const PROBLEM_TYPES = ['CONFLICT', 'INVALID_REFERENCE', 'ARCHIVED_REFERENCE', 'HOURS', 'UNPLACED', 'PAST_LESSONS'] as const;
export type ProblemType = (typeof PROBLEM_TYPES)[number];

/** One problem of a stored rule (the shape of a version validation's problem). */
export interface RuleProblem {
  ruleId: number;
  /** The other rule of a conflict; absent when two slots of one rule meet. */
  otherRuleId?: number;
  /** The slot an UNPLACED problem is about. */
  scheduleRuleSlotId?: number;
  type: ProblemType;
  fields?: ConflictField[];
  /** The first clash's date and start time. */
  date?: string;
  startTime?: string;
  message: string;
}

/** «лекций», «практик», «лабораторных работ». */
export const KIND_GENITIVE: Record<LessonKind, string> = { LECTURE: 'лекций', PRACTICE: 'практик', LABORATORY: 'лабораторных работ' };

/** «лекция», «практика», «лабораторная работа». */
export const KIND_NOMINATIVE: Record<LessonKind, string> = { LECTURE: 'лекция', PRACTICE: 'практика', LABORATORY: 'лабораторная работа' };

export interface VersionFacts {
  subjects: ReadonlyMap<number, { name: string; archived: boolean }>;
  groups: ReadonlyMap<number, { name: string; archived: boolean }>;
  users: ReadonlyMap<number, { name: string; role: string; active: boolean }>;
  /** `equipmentIds` absent: not known (the room's equipment is not checked). */
  classrooms: ReadonlyMap<number, { name: string; archived: boolean; equipmentIds?: readonly number[] }>;
  timeSlots: ReadonlyMap<number, { orderNumber: number; base: boolean }>;
  subgroups: ReadonlyMap<number, { name: string; groupId: number; groupName: string }>;
  /** What the subjects' lessons need in their rooms; absent: nothing is required. */
  requirements?: EquipmentRequirements;
}

/** Everything the rules of a version refer to, for the one facts query. */
export function referencedIds(rules: readonly LoadedRule[]) {
  const slots = rules.flatMap((rule) => allSlots(rule));
  const placed = rules.flatMap((rule) => rule.slots);
  const distinct = (values: number[]) => [...new Set(values)];
  return {
    subjectIds: distinct(rules.map((rule) => rule.subjectId)),
    groupIds: distinct(rules.flatMap((rule) => rule.groupIds)),
    userIds: distinct(slots.map((slot) => slot.teacherId)),
    classroomIds: distinct(placed.map((slot) => slot.classroomId)),
    timeSlotIds: distinct(placed.map((slot) => slot.timeSlotId)),
    subgroupIds: distinct(slots.flatMap((slot) => slot.subgroups.map((subgroup) => subgroup.id))),
  };
}

/** «слот 3 (лекция, Иванов Иван Иванович)»: an unplaced slot for a person, by its place among the rule's slots. */
export function unplacedSlotLabel(position: number, slot: RuleSlot, teacherName: string | undefined): string {
  return `слот ${position} (${KIND_NOMINATIVE[slot.lessonKind]}, ${teacherName ?? `преподаватель ${slot.teacherId}`})`;
}

/** «Правило №12 «Физика»» */
export function ruleLabel(rule: Pick<LoadedRule, 'id' | 'subjectName'>): string {
  return `Правило №${rule.id} «${rule.subjectName}»`;
}

/** The reference and hours problems of one rule, in the order its fields are read. */
export function ruleProblems(rule: LoadedRule, facts: VersionFacts, semesterWeeks: number): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const add = (type: ProblemType, text: string) => problems.push({ ruleId: rule.id, type, message: `${ruleLabel(rule)}: ${text}` });

  // A closed period (issue 53) is history, read-only: what it used may be archived since (archiving a
  // group, subject, teacher or room ends the rules using it), so it is no ARCHIVED_REFERENCE.
  const closed = (slot: RuleSlot) => slot.activeTo !== null && slot.activeTo !== undefined;
  const ended = allSlots(rule).length > 0 && allSlots(rule).every(closed);
  const subject = facts.subjects.get(rule.subjectId);
  if (!subject) add('INVALID_REFERENCE', `дисциплина ${rule.subjectId} не найдена`);
  else if (subject.archived && !ended) add('ARCHIVED_REFERENCE', `дисциплина «${subject.name}» в архиве`);

  if (rule.groupIds.length === 0) add('INVALID_REFERENCE', 'у правила нет ни одной группы');
  for (const groupId of rule.groupIds) {
    const group = facts.groups.get(groupId);
    if (!group) add('INVALID_REFERENCE', `группа ${groupId} не найдена`);
    else if (group.archived && !ended) add('ARCHIVED_REFERENCE', `группа «${group.name}» в архиве`);
  }

  const unplaced: { position: number; slot: RuleSlot }[] = [];
  allSlots(rule).forEach((slot, index) => {
    const at = `слот ${index + 1}`;
    if (!isPlaced(slot)) unplaced.push({ position: index + 1, slot });
    else {
      const timeSlot = facts.timeSlots.get(slot.timeSlotId);
      if (!timeSlot) add('INVALID_REFERENCE', `${at}: пара ${slot.timeSlotId} не найдена`);
      else if (!timeSlot.base) add('INVALID_REFERENCE', `${at}: пара ${timeSlot.orderNumber} больше не относится к основной сетке`);
    }

    const teacher = facts.users.get(slot.teacherId);
    if (!teacher) add('INVALID_REFERENCE', `${at}: преподаватель ${slot.teacherId} не найден`);
    else if (teacher.role !== 'TEACHER') add('INVALID_REFERENCE', `${at}: пользователь «${teacher.name}» не является преподавателем`);
    else if (!teacher.active && !closed(slot)) add('ARCHIVED_REFERENCE', `${at}: преподаватель «${teacher.name}» в архиве`);

    if (isPlaced(slot)) {
      const classroom = facts.classrooms.get(slot.classroomId);
      if (!classroom) add('INVALID_REFERENCE', `${at}: аудитория ${slot.classroomId} не найдена`);
      else if (classroom.archived && !closed(slot)) add('ARCHIVED_REFERENCE', `${at}: аудитория «${classroom.name}» в архиве`);
      else if (facts.requirements && classroom.equipmentIds) {
        const lacking = missingEquipment(requiredEquipment(facts.requirements, { subjectId: rule.subjectId, ...slot }), classroom.equipmentIds);
        if (lacking.length > 0) add('INVALID_REFERENCE', `${at}: в аудитории «${classroom.name}» ${lackText(lacking)}, нужного для ${KIND_GENITIVE[slot.lessonKind]}`);
      }
    }

    if (slot.subgroups.length > 0 && slot.lessonKind !== 'LABORATORY') add('INVALID_REFERENCE', `${at}: подгруппы указываются только для лабораторных работ`);
    const groupsWithSubgroup = new Set<number>();
    for (const { id } of slot.subgroups) {
      const subgroup = facts.subgroups.get(id);
      if (!subgroup) {
        add('INVALID_REFERENCE', `${at}: подгруппа ${id} не найдена`);
        continue;
      }
      if (!rule.groupIds.includes(subgroup.groupId)) {
        add('INVALID_REFERENCE', `${at}: подгруппа «${subgroup.name}» группы «${subgroup.groupName}» не относится к группам правила`);
      } else if (groupsWithSubgroup.has(subgroup.groupId)) {
        add('INVALID_REFERENCE', `${at}: в одном слоте может быть только одна подгруппа группы «${subgroup.groupName}»`);
      }
      groupsWithSubgroup.add(subgroup.groupId);
    }
  });

  for (const kind of LESSON_KINDS) {
    const hours = rule.hours[kind];
    const hasSlot = allSlots(rule).some((slot) => slot.lessonKind === kind);
    if (hours > 0 && !hasSlot) add('HOURS', `для ${KIND_GENITIVE[kind]} указано ${hours} ч, но нет ни одного слота этого вида`);
    if (hours === 0 && hasSlot) add('HOURS', `для ${KIND_GENITIVE[kind]} есть слоты, но не указаны часы`);
    if (hours > 0 && rule.startWeeks[kind] > semesterWeeks) {
      add('HOURS', `неделя начала ${KIND_GENITIVE[kind]} (${rule.startWeeks[kind]}) больше числа недель семестра (${semesterWeeks})`);
    }
  }
  // Issue 43: a slot of a draft without day, pair and room has no lessons yet; it is a problem of its own kind.
  for (const { position, slot } of unplaced) {
    problems.push({
      ruleId: rule.id,
      scheduleRuleSlotId: slot.id,
      type: 'UNPLACED',
      message: `${ruleLabel(rule)}: ${unplacedSlotLabel(position, slot, facts.users.get(slot.teacherId)?.name)} не размещён: не выбраны день недели, пара и аудитория`,
    });
  }
  return problems;
}
