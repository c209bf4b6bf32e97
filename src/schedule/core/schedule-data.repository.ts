import { Injectable } from '@nestjs/common';
import { bool, date, ID_ROW, int, listOf, nullable, object, oneOf, rowShape, RowType, text, time } from '../../platform/database/row-shape';
import { SqlParams } from '../../platform/database/sql';
import { TenantDb } from '../../platform/database/tenant-db';
import { CalendarPeriod } from '../../schedule-engine/calendar-days';
import { LESSON_KINDS, LessonKind } from '../../schedule-engine/lesson-series';
import { OverrideRecord } from '../../schedule-engine/override-application';
import { EquipmentRequirements, requirementsFrom } from '../../schedule-engine/room-equipment';
import { allSlots, isPlaced, LoadedRule, LoadedSemester, LoadedSlot, RuleSlot, UnplacedSlot } from '../../schedule-engine/rule-model';
import { assignmentKey, CalendarSnapshot, GridSnapshot, LoadedGrid } from '../../schedule-engine/series-context';
import { OVERRIDE_RECORD_FROM, OVERRIDE_RECORD_ROW, OVERRIDE_RECORD_SELECT, toOverrideRecord } from './override-records';
import { VERSION_STATUSES } from './semester-write-unit';

/** Which rules to load; every given criterion narrows (AND). */
export interface RuleFilter {
  versionIds: number[];
  ruleIds?: number[];
  groupIds?: number[];
  subjectIds?: number[];
  teacherIds?: number[];
  classroomIds?: number[];
  slotIds?: number[];
  /**
   * With teacher or classroom criteria: also rules a one-off change of the version gives that teacher
   * or classroom for one lesson (a replaced lesson belongs to its new teacher's timetable).
   */
  includeReassigned?: boolean;
  /** Archived rules are left out unless asked for. */
  includeArchived?: boolean;
}

/** Display names of everything a rendered lesson mentions. */
export interface NameBook {
  teachers: ReadonlyMap<number, string>;
  classrooms: ReadonlyMap<number, string>;
  groups: ReadonlyMap<number, string>;
  subgroups: ReadonlyMap<number, { name: string; groupId: number }>;
  lessonTypes: ReadonlyMap<number, string>;
}

/** Every id the names of `rules` (their groups, slots' teachers, rooms and subgroups, unplaced slots too) need, for one `names` call. */
export function namedIds(rules: readonly LoadedRule[]) {
  const slots = rules.flatMap((rule) => allSlots(rule));
  return {
    teacherIds: [...new Set(slots.map((slot) => slot.teacherId))],
    classroomIds: [...new Set(slots.flatMap((slot) => (isPlaced(slot) ? [slot.classroomId] : [])))],
    groupIds: [...new Set(rules.flatMap((rule) => rule.groupIds))],
    subgroupIds: [...new Set(slots.flatMap((slot) => slot.subgroups.map((subgroup) => subgroup.id)))],
  };
}

const EQUIPMENT_FACTS = rowShape({
  requirements: listOf(object({ subjectId: int, lessonTypeId: int, equipmentId: int, equipmentName: text })),
  rooms: listOf(object({ classroomId: int, equipmentId: int })),
});
const LESSON_SLOT = rowShape({ slotId: int, ruleId: int, versionId: int, versionStatus: oneOf(...VERSION_STATUSES), semesterId: int });

/** The rule slot a lesson comes from, with the rule's version and semester. */
export type LessonSlot = RowType<typeof LESSON_SLOT>;

const SEMESTER = rowShape({
  id: int,
  academicYearId: int,
  academicYearTitle: text,
  academicYearStart: date,
  semesterType: oneOf('autumn', 'spring'),
  startDate: date,
  endDate: date,
  publishedVersionId: nullable(int),
});

const SEMESTER_SELECT = `
  SELECT s.id, s.academic_year_id AS "academicYearId", y.title AS "academicYearTitle",
         y.start_date AS "academicYearStart", s.semester_type AS "semesterType",
         s.start_date AS "startDate", s.end_date AS "endDate",
         (SELECT v.id FROM schedule_versions v WHERE v.semester_id = s.id AND v.status = 'PUBLISHED') AS "publishedVersionId"
    FROM semesters s JOIN academic_years y ON y.id = s.academic_year_id`;

const RULE_SLOT = object({
  id: int,
  ruleId: int,
  // Null together in a draft's unplaced slot (ck_schedule_rule_slots_placement).
  dayOfWeek: nullable(int),
  parity: oneOf('BOTH', 'ODD', 'EVEN'),
  timeSlotId: nullable(int),
  teacherId: int,
  classroomId: nullable(int),
  lessonTypeId: int,
  lessonKind: oneOf(...LESSON_KINDS),
  lessonFormat: text,
  subgroups: listOf(object({ id: int, groupId: int })),
  activeFrom: nullable(date),
  activeTo: nullable(date),
  continuesSlotId: nullable(int),
});

/** A total of hours before a change from a date, as `hours_history` keeps it (see the migration). */
const HOURS_PERIOD = object({ until: date, lecture: int, laboratory: int, practice: int });

/** The columns of RULE_SELECT (for statements that add their own to them). */
export const RULE_COLUMNS = {
  id: int,
  versionId: int,
  semesterId: int,
  subjectId: int,
  subjectName: text,
  status: oneOf('ACTIVE', 'ARCHIVED'),
  lectureHours: int,
  laboratoryHours: int,
  practiceHours: int,
  lectureStartWeek: int,
  laboratoryStartWeek: int,
  practiceStartWeek: int,
  groupIds: listOf(int),
  slots: listOf(RULE_SLOT),
  hoursHistory: nullable(listOf(HOURS_PERIOD)),
};
const RULE_ROW = rowShape(RULE_COLUMNS);

/** A rule as one row of RULE_SELECT: the loaded rule's own fields, with hours and start weeks as columns. */
export type RuleRow = RowType<typeof RULE_ROW>;

/**
 * A rule with its groups and slots (slots with subgroups and lesson kind) in one row; callers add
 * their WHERE over `r` and map rows with `toLoadedRules`.
 */
export const RULE_SELECT = `
      SELECT r.id, r.schedule_version_id AS "versionId", r.semester_id AS "semesterId", r.subject_id AS "subjectId",
              sub.name AS "subjectName", r.status,
              r.lecture_hours AS "lectureHours", r.laboratory_hours AS "laboratoryHours", r.practice_hours AS "practiceHours",
              r.lecture_start_week AS "lectureStartWeek", r.laboratory_start_week AS "laboratoryStartWeek",
              r.practice_start_week AS "practiceStartWeek",
              ARRAY(SELECT g.group_id FROM schedule_rule_groups g WHERE g.rule_id = r.id ORDER BY g.group_id) AS "groupIds",
              COALESCE((
                SELECT json_agg(json_build_object(
                         'id', sl.id, 'ruleId', sl.rule_id, 'dayOfWeek', sl.day_of_week, 'parity', sl.parity,
                         'timeSlotId', sl.time_slot_id, 'teacherId', sl.teacher_id, 'classroomId', sl.classroom_id,
                         'lessonTypeId', sl.lesson_type_id, 'lessonKind', lt.code, 'lessonFormat', sl.lesson_format,
                         'subgroups', COALESCE((SELECT json_agg(json_build_object('id', sg.id, 'groupId', sg.group_id) ORDER BY sg.id)
                                                  FROM schedule_rule_slot_subgroups ss JOIN subgroups sg ON sg.id = ss.subgroup_id
                                                 WHERE ss.slot_id = sl.id), '[]'::json),
                         'activeFrom', sl.active_from, 'activeTo', sl.active_to, 'continuesSlotId', sl.continues_slot_id)
                       ORDER BY sl.id)
                  FROM schedule_rule_slots sl JOIN lesson_types lt ON lt.id = sl.lesson_type_id
                 WHERE sl.rule_id = r.id), '[]'::json) AS slots,
              r.hours_history AS "hoursHistory"
         FROM schedule_rules r JOIN subjects sub ON sub.id = r.subject_id`;

/**
 * Rows of RULE_SELECT as loaded rules. The schedule cache keeps thousands of rules per university,
 * and their rows repeat a few values over and over (hours, start weeks, status, subject names, lesson
 * formats, empty subgroup lists): the rules of one call share one copy of each, and a group list gets
 * an array of its own length (the driver's arrays are grown by appending). Shared values are frozen.
 * Measured in docs/performance.md («Smaller loaded rules»).
 */
export function toLoadedRules(rows: readonly RuleRow[]): LoadedRule[] {
  const texts = new Map<string, string>();
  const sharedText = (value: string): string => {
    const known = texts.get(value);
    if (known !== undefined) return known;
    texts.set(value, value);
    return value;
  };
  const perKind = new Map<string, Readonly<Record<LessonKind, number>>>();
  const byKind = (LECTURE: number, LABORATORY: number, PRACTICE: number): Record<LessonKind, number> => {
    const key = `${LECTURE}/${LABORATORY}/${PRACTICE}`;
    let shared = perKind.get(key);
    if (!shared) perKind.set(key, (shared = Object.freeze({ LECTURE, LABORATORY, PRACTICE })));
    return shared;
  };
  return rows.map((row) => {
    let unplacedCount = 0;
    for (const slot of row.slots) {
      slot.lessonFormat = sharedText(slot.lessonFormat);
      if (slot.subgroups.length === 0) slot.subgroups = NO_SUBGROUPS;
      if (slot.dayOfWeek === null) unplacedCount++;
    }
    // The table's CHECK keeps day, pair and room null together, so a slot with a day is placed.
    const stored = row.slots as RuleSlot[];
    const rule: LoadedRule = {
      id: row.id,
      versionId: row.versionId,
      semesterId: row.semesterId,
      subjectId: row.subjectId,
      subjectName: sharedText(row.subjectName),
      status: row.status === 'ACTIVE' ? 'ACTIVE' : 'ARCHIVED',
      hours: byKind(row.lectureHours, row.laboratoryHours, row.practiceHours),
      startWeeks: byKind(row.lectureStartWeek, row.laboratoryStartWeek, row.practiceStartWeek),
      groupIds: row.groupIds.slice(),
      slots: unplacedCount === 0 ? (stored as LoadedSlot[]) : stored.filter(isPlaced),
    };
    if (row.hoursHistory !== null) {
      rule.hoursHistory = row.hoursHistory.map((period) => ({ until: period.until, hours: byKind(period.lecture, period.laboratory, period.practice) }));
    }
    // Only a draft's rule gets the property, so the published rules the viewing cache keeps stay as they were.
    if (unplacedCount > 0) rule.unplaced = stored.filter((slot): slot is UnplacedSlot => !isPlaced(slot));
    return rule;
  });
}

/** The subgroups of a slot for whole groups: one frozen empty list shared by all such slots. */
const NO_SUBGROUPS = Object.freeze([]) as unknown as LoadedSlot['subgroups'];


// A scope with its slots, LEFT JOINed: a scope without slots gives one row with null slot columns.
const GRID_SLOT = rowShape({
  scopeId: int,
  applyMode: oneOf('DEFAULT', 'SATURDAY', 'MANUAL'),
  id: nullable(int),
  orderNumber: nullable(int),
  startTime: nullable(time),
  endTime: nullable(time),
});
const GRID_ASSIGNMENT = rowShape({ date: date, scopeId: int });

const CALENDARS = rowShape({
  assignments: listOf(object({ groupId: int, yearId: int, calendarId: int })),
  periods: listOf(object({ calendarId: int, courseNumber: int, startDate: date, endDate: date, activityTypeId: int })),
  activities: listOf(object({ id: int, allowSchedule: bool })),
  groups: listOf(object({ id: int, startYear: int })),
});

const NAMED = object({ id: int, name: text });
const NAMES = rowShape({
  teachers: listOf(NAMED),
  classrooms: listOf(NAMED),
  groups: listOf(NAMED),
  subgroups: listOf(object({ id: int, name: text, groupId: int })),
  lessonTypes: listOf(NAMED),
});

/**
 * The batched reads behind schedule generation (the only schedule SQL other schedule features share): every method is one query (or a fixed few), whatever
 * the number of rules, slots or dates, so viewing and conflict checks stay O(1) in round trips.
 */
@Injectable()
export class ScheduleDataRepository {
  constructor(private readonly db: TenantDb) {}

  semestersOverlapping(startDate: string, endDate: string): Promise<LoadedSemester[]> {
    return this.db.rows(
      SEMESTER,
      `${SEMESTER_SELECT} WHERE s.start_date <= $2 AND s.end_date >= $1 ORDER BY s.start_date`,
      [startDate, endDate],
    );
  }

  async semester(id: number): Promise<LoadedSemester | undefined> {
    return (await this.db.rows(SEMESTER, `${SEMESTER_SELECT} WHERE s.id = $1`, [id]))[0];
  }

  /** Rules with their groups and slots (slots with subgroups and lesson kind) in one query. */
  async rules(filter: RuleFilter): Promise<LoadedRule[]> {
    if (filter.versionIds.length === 0) return [];
    const params = new SqlParams();
    const where = [`r.schedule_version_id = ANY(${params.add(filter.versionIds)}::int[])`];
    if (!filter.includeArchived) where.push(`r.status = 'ACTIVE'`);
    if (filter.ruleIds) where.push(`r.id = ANY(${params.add(filter.ruleIds)}::int[])`);
    if (filter.groupIds) {
      where.push(`EXISTS (SELECT 1 FROM schedule_rule_groups fg WHERE fg.rule_id = r.id AND fg.group_id = ANY(${params.add(filter.groupIds)}::int[]))`);
    }
    if (filter.subjectIds) where.push(`r.subject_id = ANY(${params.add(filter.subjectIds)}::int[])`);
    if (filter.slotIds) where.push(`EXISTS (SELECT 1 FROM schedule_rule_slots fs WHERE fs.rule_id = r.id AND fs.id = ANY(${params.add(filter.slotIds)}::int[]))`);
    for (const [ids, column] of [
      [filter.teacherIds, 'teacher_id'],
      [filter.classroomIds, 'classroom_id'],
    ] as const) {
      if (!ids) continue;
      const list = params.add(ids);
      const own = `EXISTS (SELECT 1 FROM schedule_rule_slots fr WHERE fr.rule_id = r.id AND fr.${column} = ANY(${list}::int[]))`;
      const reassigned = `EXISTS (SELECT 1 FROM schedule_overrides fo JOIN schedule_rule_slots fr ON fr.id = fo.base_rule_slot_id
                                   WHERE fr.rule_id = r.id AND fo.schedule_version_id = r.schedule_version_id AND fo.new_${column} = ANY(${list}::int[]))`;
      where.push(filter.includeReassigned ? `(${own} OR ${reassigned})` : own);
    }
    const rows = await this.db.rows(
      RULE_ROW,
      `${RULE_SELECT}
        WHERE ${where.join(' AND ')}
        ORDER BY r.id`,
      params.values,
    );
    return toLoadedRules(rows);
  }

  /** The version's one-off changes, of lessons of `ruleIds` when given, by id. */
  async overrides(versionId: number, ruleIds?: readonly number[]): Promise<OverrideRecord[]> {
    if (ruleIds?.length === 0) return [];
    const rows = await this.db.rows(
      OVERRIDE_RECORD_ROW,
      `${OVERRIDE_RECORD_SELECT} ${OVERRIDE_RECORD_FROM}
        WHERE o.schedule_version_id = $1 AND ($2::int[] IS NULL OR sl.rule_id = ANY($2::int[]))
        ORDER BY o.id`,
      [versionId, ruleIds ?? null],
    );
    return rows.map(toOverrideRecord);
  }

  /** The rule slot `slotId` with its rule, version and semester. */
  async lessonSlot(slotId: number): Promise<LessonSlot | undefined> {
    return (await this.lessonSlots([slotId])).get(slotId);
  }

  /** The rule slots with their rules, versions and semesters, by slot id (absent ids are missing). */
  async lessonSlots(slotIds: readonly number[]): Promise<Map<number, LessonSlot>> {
    const rows = await this.db.rows(
      LESSON_SLOT,
      `SELECT sl.id AS "slotId", r.id AS "ruleId", r.schedule_version_id AS "versionId", v.status AS "versionStatus", r.semester_id AS "semesterId"
         FROM schedule_rule_slots sl JOIN schedule_rules r ON r.id = sl.rule_id JOIN schedule_versions v ON v.id = r.schedule_version_id
        WHERE sl.id = ANY($1::int[])`,
      [[...new Set(slotIds)]],
    );
    return new Map(rows.map((row) => [row.slotId, row]));
  }

  /** Classrooms that are not archived, by id. */
  async activeClassroomIds(): Promise<number[]> {
    const rows = await this.db.rows(ID_ROW, `SELECT id FROM classrooms WHERE archived_at IS NULL ORDER BY id`);
    return rows.map((row) => row.id);
  }

  /**
   * What the subjects' lessons need in their rooms (by subject and lesson type) and what each active
   * classroom has, for the solver's choice of rooms and the free-room lists (issues 43 and 45 §5).
   */
  async equipmentFacts(subjectIds: readonly number[]): Promise<{ requirements: EquipmentRequirements; roomEquipment: Map<number, number[]> }> {
    const [row] = await this.db.rows(
      EQUIPMENT_FACTS,
      `SELECT
         COALESCE((SELECT json_agg(json_build_object('subjectId', r.subject_id, 'lessonTypeId', r.lesson_type_id, 'equipmentId', e.id, 'equipmentName', e.name)
                                   ORDER BY r.subject_id, r.lesson_type_id, lower(e.name), e.id)
                     FROM subject_equipment_requirements r JOIN equipments e ON e.id = r.equipment_id
                    WHERE r.subject_id = ANY($1::int[])), '[]') AS requirements,
         COALESCE((SELECT json_agg(json_build_object('classroomId', ce.classroom_id, 'equipmentId', ce.equipment_id))
                     FROM classroom_equipments ce JOIN classrooms c ON c.id = ce.classroom_id WHERE c.archived_at IS NULL), '[]') AS rooms`,
      [[...subjectIds]],
    );
    const roomEquipment = new Map<number, number[]>();
    for (const link of row.rooms) roomEquipment.set(link.classroomId, [...(roomEquipment.get(link.classroomId) ?? []), link.equipmentId]);
    return { requirements: requirementsFrom(row.requirements), roomEquipment };
  }

  /** Active users with the TEACHER role, by id. */
  async activeTeacherIds(): Promise<number[]> {
    const rows = await this.db.rows(ID_ROW, `SELECT id FROM users WHERE role = 'TEACHER' AND status = 'ACTIVE' ORDER BY id`);
    return rows.map((row) => row.id);
  }

  /** The base and Saturday grids and the manual grids assigned to dates in the range (two queries). */
  async grids(startDate: string, endDate: string): Promise<GridSnapshot> {
    // Sequential: inside a transaction both reads share its one connection.
    const slotRows = await this.db.rows(
        GRID_SLOT,
        `SELECT sc.id AS "scopeId", sc.apply_mode AS "applyMode", ts.id, ts.order_number AS "orderNumber",
                ts.start_time::text AS "startTime", ts.end_time::text AS "endTime"
           FROM time_grid_scopes sc LEFT JOIN time_slots ts ON ts.scope_id = sc.id
          WHERE sc.apply_mode <> 'MANUAL'
             OR sc.id IN (SELECT scope_id FROM time_grid_date_assignments WHERE assignment_date BETWEEN $1 AND $2)
          ORDER BY sc.id, ts.order_number`,
        [startDate, endDate],
      );
    const assignmentRows = await this.db.rows(
      GRID_ASSIGNMENT,
      `SELECT assignment_date AS date, scope_id AS "scopeId" FROM time_grid_date_assignments
        WHERE assignment_date BETWEEN $1 AND $2`,
      [startDate, endDate],
    );
    const grids = new Map<number, LoadedGrid>();
    for (const row of slotRows) {
      let grid = grids.get(row.scopeId);
      if (!grid) {
        grid = { id: row.scopeId, applyMode: row.applyMode, slots: [] };
        grids.set(row.scopeId, grid);
      }
      if (row.id !== null && row.orderNumber !== null && row.startTime !== null && row.endTime !== null) grid.slots.push({ id: row.id, orderNumber: row.orderNumber, startTime: row.startTime, endTime: row.endTime });
    }
    const all = [...grids.values()];
    const base = all.find((grid) => grid.applyMode === 'DEFAULT');
    if (!base) throw new Error('the base time grid is missing');
    return {
      base,
      saturday: all.find((grid) => grid.applyMode === 'SATURDAY'),
      manualByDate: new Map(assignmentRows.flatMap((row) => (grids.has(row.scopeId) ? [[row.date, grids.get(row.scopeId) as LoadedGrid]] : []))),
    };
  }

  /** Calendar assignments, periods, activity flags and start years of the groups (one query). */
  async calendars(groupIds: number[], academicYearIds: number[]): Promise<CalendarSnapshot> {
    const [row] = await this.db.rows(
      CALENDARS,
      `WITH chosen AS (
         SELECT group_id, academic_year_id, calendar_id FROM group_calendar_assignments
          WHERE group_id = ANY($1::int[]) AND academic_year_id = ANY($2::int[]))
       SELECT
         COALESCE((SELECT json_agg(json_build_object('groupId', group_id, 'yearId', academic_year_id, 'calendarId', calendar_id)) FROM chosen), '[]') AS assignments,
         COALESCE((SELECT json_agg(json_build_object('calendarId', p.calendar_id, 'courseNumber', p.course_number,
                                                      'startDate', p.start_date, 'endDate', p.end_date, 'activityTypeId', p.activity_type_id))
                     FROM academic_calendar_periods p WHERE p.calendar_id IN (SELECT calendar_id FROM chosen)), '[]') AS periods,
         COALESCE((SELECT json_agg(json_build_object('id', id, 'allowSchedule', allow_schedule)) FROM activity_types), '[]') AS activities,
         COALESCE((SELECT json_agg(json_build_object('id', id, 'startYear', year_start_study)) FROM study_groups WHERE id = ANY($1::int[])), '[]') AS groups`,
      [groupIds, academicYearIds],
    );
    const periodsByCalendar = new Map<number, CalendarPeriod[]>();
    for (const period of row.periods) {
      const list = periodsByCalendar.get(period.calendarId) ?? [];
      list.push({ courseNumber: period.courseNumber, startDate: period.startDate, endDate: period.endDate, activityTypeId: period.activityTypeId });
      periodsByCalendar.set(period.calendarId, list);
    }
    return {
      assignments: new Map(row.assignments.map((a) => [assignmentKey(a.groupId, a.yearId), a.calendarId])),
      periodsByCalendar,
      activityTypes: row.activities,
      groupStartYears: new Map(row.groups.map((group) => [group.id, group.startYear])),
    };
  }

  /** Names of teachers, rooms, groups, subgroups and lesson types (one query). */
  async names(ids: { teacherIds: number[]; classroomIds: number[]; groupIds: number[]; subgroupIds: number[] }): Promise<NameBook> {
    const [row] = await this.db.rows(
      NAMES,
      `SELECT
         COALESCE((SELECT json_agg(json_build_object('id', id, 'name', full_name)) FROM users WHERE id = ANY($1::int[])), '[]') AS teachers,
         COALESCE((SELECT json_agg(json_build_object('id', id, 'name', name)) FROM classrooms WHERE id = ANY($2::int[])), '[]') AS classrooms,
         COALESCE((SELECT json_agg(json_build_object('id', id, 'name', name)) FROM study_groups WHERE id = ANY($3::int[])), '[]') AS groups,
         COALESCE((SELECT json_agg(json_build_object('id', id, 'name', name, 'groupId', group_id)) FROM subgroups WHERE id = ANY($4::int[])), '[]') AS subgroups,
         COALESCE((SELECT json_agg(json_build_object('id', id, 'name', name)) FROM lesson_types), '[]') AS "lessonTypes"`,
      [ids.teacherIds, ids.classroomIds, ids.groupIds, ids.subgroupIds],
    );
    const toMap = (list: { id: number; name: string }[]) => new Map(list.map((item) => [item.id, item.name]));
    return {
      teachers: toMap(row.teachers),
      classrooms: toMap(row.classrooms),
      groups: toMap(row.groups),
      subgroups: new Map(row.subgroups.map((s) => [s.id, { name: s.name, groupId: s.groupId }])),
      lessonTypes: toMap(row.lessonTypes),
    };
  }
}

