import { AcademicYearBody, createAcademicYear, SemesterBody, standardSemesters } from './academic-year-builders';
import { CalendarBody, createCalendar } from './calendar-builders';
import { createDepartment, createUser, DepartmentBody, unique, UserBody } from './factories';
import { ClassroomBody, createClassroom, createSubject, SubjectBody } from './resource-builders';
import { createGroup, createStudySetup, createSubgroup, GroupBody, StudySetup, SubgroupBody } from './study-builders';
import { TenantClient, TestApp } from './test-app';
import { createSlot, seededGrids, TimeSlotBody } from './time-grid-builders';

/**
 * Builders for the schedule: a whole small university (department, teachers, groups with subgroups,
 * classrooms, subjects, the base bell schedule, an academic year whose semesters carry their published
 * version 1, and a calendar with `Т` over the year assigned to the groups), plus schedule-rule bodies.
 * Everything goes through the HTTP API except the version rows (the versions API is a later issue).
 */

export const RULES_PATH = '/api/admin/schedule-rules';

/** Lesson type ids seeded by the first migration. */
export const LESSON_TYPES = { LECTURE: 1, PRACTICE: 2, LABORATORY: 3 } as const;

export type Parity = 'BOTH' | 'ODD' | 'EVEN';
export type VersionStatus = 'DRAFT' | 'PUBLISHED' | 'ARCHIVED';

/** A default bell schedule: four pairs with breaks. */
export const DEFAULT_SLOT_TIMES: readonly [string, string][] = [
  ['08:30', '10:00'],
  ['10:10', '11:40'],
  ['11:50', '13:20'],
  ['14:00', '15:30'],
];

function ok<T>(what: string, response: { status: number; body: unknown }): T {
  if (response.status !== 200) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as T;
}

// ---- the university ----

export interface GroupWithSubgroups extends GroupBody {
  subgroups: SubgroupBody[];
}

/** An academic year with its two semesters and the id of each semester's published version 1. */
export interface ScheduleYear {
  year: AcademicYearBody;
  /** The autumn semester (1 September .. 31 December of the start year). */
  semester: SemesterBody;
  /** Its published version 1. */
  versionId: number;
  springSemester: SemesterBody;
  springVersionId: number;
}

export interface University extends ScheduleYear {
  department: DepartmentBody;
  study: StudySetup;
  teachers: UserBody[];
  groups: GroupWithSubgroups[];
  classrooms: ClassroomBody[];
  subjects: SubjectBody[];
  /** Slots of the base grid (DEFAULT), in order. */
  timeSlots: TimeSlotBody[];
  calendar: CalendarBody;
}

export interface UniversityOptions {
  /** The academic year starts on 1 September of this year; groups start studying then (course 1). Default 2026. */
  startYear?: number;
  teachers?: number;
  groups?: number;
  subgroupsPerGroup?: number;
  classrooms?: number;
  subjects?: number;
  /** Base-grid pairs to create, `[start, end]`; ignored when `timeSlots` is given. */
  slotTimes?: readonly [string, string][];
  /** Reuse an existing department instead of creating one. */
  department?: DepartmentBody;
  /** Reuse an existing year (years may not overlap, so a second university in one database shares it). */
  year?: ScheduleYear;
  /** Reuse existing base-grid slots (order numbers are unique per grid). */
  timeSlots?: TimeSlotBody[];
}

/** The version id of a semester's version with `number` (1 is created with the semester). */
export async function versionIdOf(t: TestApp, semesterId: number, number = 1, tenant = 'alpha'): Promise<number> {
  const [row] = await t.sql<{ id: number }>(tenant, `SELECT id FROM schedule_versions WHERE semester_id = $1 AND version_number = $2`, [
    semesterId,
    number,
  ]);
  if (!row) throw new Error(`no version ${number} of semester ${semesterId}`);
  return row.id;
}

/** Creates the academic year starting on 1 September of `startYear` with an autumn and a spring semester. */
export async function createScheduleYear(t: TestApp, admin: TenantClient, startYear: number, tenant = 'alpha'): Promise<ScheduleYear> {
  const year = await createAcademicYear(admin, startYear, standardSemesters(startYear));
  const semester = year.semesters.find((item) => item.semesterType === 'autumn') as SemesterBody;
  const springSemester = year.semesters.find((item) => item.semesterType === 'spring') as SemesterBody;
  return {
    year,
    semester,
    versionId: await versionIdOf(t, semester.id, 1, tenant),
    springSemester,
    springVersionId: await versionIdOf(t, springSemester.id, 1, tenant),
  };
}

/** Creates base-grid slots with order numbers from `firstOrder`. */
export async function createBaseSlots(admin: TenantClient, times: readonly [string, string][], firstOrder = 1): Promise<TimeSlotBody[]> {
  const { base } = await seededGrids(admin);
  const slots: TimeSlotBody[] = [];
  for (const [index, [start, end]] of times.entries()) slots.push(await createSlot(admin, base.id, firstOrder + index, start, end));
  return slots;
}

/** Teachers (role TEACHER) with a primary assignment to `departmentId`. */
export async function createTeachers(admin: TenantClient, departmentId: number, count: number): Promise<UserBody[]> {
  const teachers: UserBody[] = [];
  for (let index = 0; index < count; index++) {
    const username = unique('teacher-');
    teachers.push(await createUser(admin, { role: 'TEACHER', departmentId, username, fullName: `Преподаватель ${username}` }));
  }
  return teachers;
}

/** Assigns `calendar` to each group for the calendar's academic year. */
export async function assignCalendar(admin: TenantClient, calendar: CalendarBody, groupIds: number[]): Promise<void> {
  for (const groupId of groupIds) {
    ok('assignCalendar', await admin.put(`/api/groups/${groupId}/calendar-assignments`, { academicYearId: calendar.academicYearId, calendarId: calendar.id }));
  }
}

/**
 * More groups of the university's specialty, profile and form, starting in its year, each with
 * `subgroups` subgroups and the university's calendar assigned.
 */
export async function addGroups(
  admin: TenantClient,
  university: Pick<University, 'study' | 'year' | 'calendar'>,
  count: number,
  subgroups = 2,
): Promise<GroupWithSubgroups[]> {
  const startYear = Number(university.year.startDate.slice(0, 4));
  const groups: GroupWithSubgroups[] = [];
  for (let index = 0; index < count; index++) {
    const group = await createGroup(admin, university.study, { groupSize: 24, yearStartStudy: startYear });
    const list: SubgroupBody[] = [];
    for (let number = 1; number <= subgroups; number++) {
      list.push(await createSubgroup(admin, group.id, `Подгруппа ${number}`, Math.floor(24 / subgroups)));
    }
    groups.push({ ...group, subgroups: list });
  }
  await assignCalendar(
    admin,
    university.calendar,
    groups.map((group) => group.id),
  );
  return groups;
}

/** A whole small university ready for schedule rules (see the file comment). */
export async function createUniversity(t: TestApp, admin: TenantClient, options: UniversityOptions = {}): Promise<University> {
  const department = options.department ?? (await createDepartment(admin));
  const study = await createStudySetup(admin, department);
  const year = options.year ?? (await createScheduleYear(t, admin, options.startYear ?? 2026));
  const timeSlots = options.timeSlots ?? (await createBaseSlots(admin, options.slotTimes ?? DEFAULT_SLOT_TIMES));
  const calendar = await createCalendar(admin, {
    academicYearId: year.year.id,
    specialtyId: study.specialty.id,
    specialtyProfileId: study.profile.id,
    studyFormId: study.form.id,
    courseCount: 1,
  });
  const groups = await addGroups(admin, { study, year: year.year, calendar }, options.groups ?? 2, options.subgroupsPerGroup ?? 2);
  const teachers = await createTeachers(admin, department.id, options.teachers ?? 3);
  const classrooms: ClassroomBody[] = [];
  for (let index = 0; index < (options.classrooms ?? 3); index++) classrooms.push(await createClassroom(admin));
  const subjects: SubjectBody[] = [];
  for (let index = 0; index < (options.subjects ?? 3); index++) subjects.push(await createSubject(admin, department.id));
  return { ...year, department, study, teachers, groups, classrooms, subjects, timeSlots, calendar };
}

// ---- schedule versions (by SQL until the versions API exists) ----

/** Sets a version's status directly (ARCHIVED also stamps archived_at). */
export async function setVersionStatus(t: TestApp, versionId: number, status: VersionStatus, tenant = 'alpha'): Promise<void> {
  await t.sql(tenant, `UPDATE schedule_versions SET status = $2::varchar, archived_at = CASE WHEN $2::varchar = 'ARCHIVED' THEN now() END WHERE id = $1`, [
    versionId,
    status,
  ]);
}

/** Adds a DRAFT (or ARCHIVED) version with the next number to a semester; returns its id. */
export async function insertVersion(t: TestApp, semesterId: number, status: Exclude<VersionStatus, 'PUBLISHED'> = 'DRAFT', tenant = 'alpha') {
  const [row] = await t.sql<{ id: number }>(
    tenant,
    `INSERT INTO schedule_versions (semester_id, version_number, name, status, archived_at)
     SELECT $1, coalesce(max(version_number), 0) + 1, 'Черновик ' || (coalesce(max(version_number), 0) + 1), $2::varchar,
            CASE WHEN $2::varchar = 'ARCHIVED' THEN now() END
       FROM schedule_versions WHERE semester_id = $1
     RETURNING id`,
    [semesterId, status],
  );
  return row.id;
}

// ---- schedule rules ----

export interface RuleSlotRequest {
  id?: number;
  dayOfWeek: number;
  parity: Parity;
  timeSlotId: number;
  subgroupId?: number | null;
  subgroupIds?: number[];
  teacherId: number;
  classroomId: number;
  lessonTypeId: number;
  lessonFormat: string;
}

export interface RuleRequest {
  scheduleVersionId: number;
  semesterId: number;
  subjectId: number;
  lectureAcademicHours: number;
  laboratoryAcademicHours: number;
  practiceAcademicHours: number;
  lectureStartWeek?: number;
  laboratoryStartWeek?: number;
  practiceStartWeek?: number;
  groupIds: number[];
  slots: RuleSlotRequest[];
}

export interface RuleSlotBody {
  id: number;
  dayOfWeek: number;
  parity: Parity;
  timeSlotId: number;
  subgroupId: number | null;
  subgroupIds: number[];
  teacherId: number;
  teacherName: string;
  classroomId: number;
  classroomName: string;
  lessonTypeId: number;
  lessonTypeName: string;
  lessonFormat: string;
}

export interface RuleBody {
  id: number;
  scheduleVersionId: number;
  semesterId: number;
  subjectId: number;
  subjectName: string;
  status: 'ACTIVE' | 'ARCHIVED';
  lectureAcademicHours: number;
  laboratoryAcademicHours: number;
  practiceAcademicHours: number;
  lectureStartWeek: number;
  laboratoryStartWeek: number;
  practiceStartWeek: number;
  groupIds: number[];
  groupNames: string[];
  slots: RuleSlotBody[];
  createdAt: string;
  updatedAt: string;
}

/** A lecture slot on Tuesday, every week, in the first pair, with the first teacher and room; override anything. */
export function slotBody(university: University, fields: Partial<RuleSlotRequest> = {}): RuleSlotRequest {
  return {
    dayOfWeek: 2,
    parity: 'BOTH',
    timeSlotId: university.timeSlots[0].id,
    teacherId: university.teachers[0].id,
    classroomId: university.classrooms[0].id,
    lessonTypeId: LESSON_TYPES.LECTURE,
    lessonFormat: 'Очно',
    ...fields,
  };
}

/** A rule of the autumn semester's published version: 4 lecture hours for the first group in `slotBody`'s slot. */
export function ruleBody(university: University, fields: Partial<RuleRequest> = {}): RuleRequest {
  return {
    scheduleVersionId: university.versionId,
    semesterId: university.semester.id,
    subjectId: university.subjects[0].id,
    lectureAcademicHours: 4,
    laboratoryAcademicHours: 0,
    practiceAcademicHours: 0,
    groupIds: [university.groups[0].id],
    slots: [slotBody(university)],
    ...fields,
  };
}

export async function createRule(client: TenantClient, body: RuleRequest): Promise<RuleBody> {
  return ok('createRule', await client.post(RULES_PATH, body));
}

export async function updateRule(client: TenantClient, id: number, body: RuleRequest): Promise<RuleBody> {
  return ok('updateRule', await client.put(`${RULES_PATH}/${id}`, body));
}

export async function archiveRule(client: TenantClient, id: number): Promise<RuleBody> {
  return ok('archiveRule', await client.delete(`${RULES_PATH}/${id}`));
}

/** The request body that reproduces a stored rule (slot ids kept), for updates. */
export function requestOf(rule: RuleBody): RuleRequest {
  return {
    scheduleVersionId: rule.scheduleVersionId,
    semesterId: rule.semesterId,
    subjectId: rule.subjectId,
    lectureAcademicHours: rule.lectureAcademicHours,
    laboratoryAcademicHours: rule.laboratoryAcademicHours,
    practiceAcademicHours: rule.practiceAcademicHours,
    lectureStartWeek: rule.lectureStartWeek,
    laboratoryStartWeek: rule.laboratoryStartWeek,
    practiceStartWeek: rule.practiceStartWeek,
    groupIds: rule.groupIds,
    slots: rule.slots.map((slot) => ({
      id: slot.id,
      dayOfWeek: slot.dayOfWeek,
      parity: slot.parity,
      timeSlotId: slot.timeSlotId,
      subgroupIds: slot.subgroupIds,
      teacherId: slot.teacherId,
      classroomId: slot.classroomId,
      lessonTypeId: slot.lessonTypeId,
      lessonFormat: slot.lessonFormat,
    })),
  };
}

/** Every schedule-rule table, to check that a refused request changed nothing. */
export async function ruleTablesSnapshot(t: TestApp, tenant = 'alpha') {
  const [rules, groups, slots, subgroups] = await Promise.all([
    t.sql(tenant, `SELECT * FROM schedule_rules ORDER BY id`),
    t.sql(tenant, `SELECT * FROM schedule_rule_groups ORDER BY rule_id, group_id`),
    t.sql(tenant, `SELECT * FROM schedule_rule_slots ORDER BY id`),
    t.sql(tenant, `SELECT * FROM schedule_rule_slot_subgroups ORDER BY slot_id, subgroup_id`),
  ]);
  return { rules, groups, slots, subgroups };
}

/** Row counts of the schedule-rule tables. */
export async function ruleTableCounts(t: TestApp, tenant = 'alpha') {
  const [row] = await t.sql<{ rules: number; groups: number; slots: number; subgroups: number }>(
    tenant,
    `SELECT (SELECT count(*)::int FROM schedule_rules) AS rules, (SELECT count(*)::int FROM schedule_rule_groups) AS groups,
            (SELECT count(*)::int FROM schedule_rule_slots) AS slots, (SELECT count(*)::int FROM schedule_rule_slot_subgroups) AS subgroups`,
  );
  return row;
}

// ---- schedule versions API ----

export const VERSIONS_PATH = '/api/edu-office/schedule/versions';

export interface VersionBody {
  id: number;
  semesterId: number;
  versionNumber: number;
  name: string;
  status: VersionStatus;
  versionGroupId: number;
  basedOnVersionId: number | null;
  ruleCount: number;
  createdById: number | null;
  createdByName: string | null;
  createdAt: string;
  publishedAt: string | null;
  publishedById: number | null;
  publishedByName: string | null;
  archivedAt: string | null;
}

/** Creates a DRAFT through the API: empty, or a copy of `basedOnVersionId`. */
export async function createVersion(client: TenantClient, semesterId: number, name: string, basedOnVersionId?: number): Promise<VersionBody> {
  return ok('createVersion', await client.post(VERSIONS_PATH, { semesterId, name, basedOnVersionId }));
}

/** Publishes a DRAFT through the API (the previous publication is archived). */
export async function publishVersion(client: TenantClient, versionId: number, reason = 'Публикация'): Promise<VersionBody> {
  return ok('publishVersion', await client.post(`${VERSIONS_PATH}/${versionId}/publish`, { reason }));
}
