import { int, oneOf, rowShape, RowType, text } from '../../platform/database/row-shape';
import { containsPattern, SqlParams } from '../../platform/database/sql';
import { GROUP_STATUSES, GroupResponse } from './dto/group.dto';
import { academicStartYear, DEFAULT_COURSE_COUNT, studyProgress } from './study-state';

/**
 * Groups with their form, specialty and profile names and the calendar that sets their programme
 * length: the one assigned for the latest academic year (an assignment needs the group's course to
 * fit the calendar, so after the last course no later year can be assigned). One row per group.
 */
export const GROUP_FROM = `
      FROM study_groups g
      JOIN education_forms f ON f.id = g.education_form_id
      JOIN specialties s ON s.id = g.specialty_id
      JOIN specialty_profiles p ON p.id = g.specialty_profile_id
      LEFT JOIN LATERAL (
        SELECT c.course_count
          FROM group_calendar_assignments a
          JOIN academic_calendars c ON c.id = a.calendar_id
          JOIN academic_years y ON y.id = a.academic_year_id
         WHERE a.group_id = g.id
         ORDER BY y.start_date DESC
         LIMIT 1) programme ON true`;

/** The group's course count: its latest calendar's, or the default without any calendar. */
const GROUP_COURSE_COUNT = `COALESCE(programme.course_count, ${DEFAULT_COURSE_COUNT})`;

export const GROUP_SELECT = `
    SELECT g.id, g.name, g.group_size AS "groupSize", g.education_form_id AS "educationFormId", f.name AS "educationFormName",
           g.department_id AS "departmentId", g.year_start_study AS "yearStartStudy",
           g.specialty_id AS "specialtyId", s.code AS "specialtyCode", s.name AS "specialtyName",
           g.specialty_profile_id AS "specialtyProfileId", p.name AS "specialtyProfileName", g.status,
           ${GROUP_COURSE_COUNT} AS "courseCount"
    ${GROUP_FROM}`;

/** A row of `GROUP_SELECT`. */
export const GROUP_ROW = rowShape({
  id: int,
  name: text,
  groupSize: int,
  educationFormId: int,
  educationFormName: text,
  departmentId: int,
  yearStartStudy: int,
  specialtyId: int,
  specialtyCode: text,
  specialtyName: text,
  specialtyProfileId: int,
  specialtyProfileName: text,
  status: oneOf(...GROUP_STATUSES),
  /** Programme length: the course count of the group's latest calendar (GROUP_COURSE_COUNT). */
  courseCount: int,
});

export type GroupRow = RowType<typeof GROUP_ROW>;

export const BY_NAME = `lower(g.name), g.id`;

/** Today's course of the group in SQL, as `courseOf` computes it (before the clamp at 0). */
function courseToday(params: SqlParams, today: string): string {
  return `(${params.add(academicStartYear(today))} - g.year_start_study + 1)`;
}

/**
 * Not archived and not graduated today (studying or not started yet): the default of every list.
 * Agrees with `studyStateOf`: graduated means a course above the group's course count.
 */
export function currentGroups(params: SqlParams, today: string): string {
  return `(g.status = 'ACTIVE' AND ${courseToday(params, today)} <= ${GROUP_COURSE_COUNT})`;
}

/** Groups with study state ACTIVE today: the only ones offered for new work. */
export function studyingGroups(params: SqlParams, today: string): string {
  const course = courseToday(params, today);
  return `(g.status = 'ACTIVE' AND ${course} BETWEEN 1 AND ${GROUP_COURSE_COUNT})`;
}

/**
 * The words of a search as the group search key (`study_groups.search_key`, see the GroupSearchKey
 * migration) holds names: lower case, «ё» as «е», separators and apostrophes dropped («ivt-261» →
 * `ivt261`). Empty words are left out.
 */
export function groupSearchWords(text: string): string[] {
  return text
    .toLowerCase()
    .replaceAll('ё', 'е')
    .split(/\s+/)
    .map((word) => word.replace(/[_./'`-]+/g, ''))
    .filter((word) => word.length > 0)
    .slice(0, 8);
}

/**
 * Case-insensitive search over group name, specialty code and name, profile and form. A group's name
 * is also matched with its separators dropped on both sides, as people type it: «физ 231» and
 * «ФИЗ231» find ФИЗ-231 (issue 45 §6); and word by word, in any order, in Cyrillic or in Latin
 * letters of the passport (ICAO) or GOST 7.79 B spelling, against the precomputed search key:
 * «231 физ», «fiz231», «ivt-261» (issue 55).
 */
export function matchesGroupText(params: SqlParams, text: string): string {
  const pattern = params.add(containsPattern(text));
  // Separators named one by one: a class such as [:alnum:] knows no Cyrillic under the C collation.
  const compact = text.replace(/[\s_./-]+/g, '');
  const byCompactName = compact ? ` OR regexp_replace(g.name, '[[:space:]_./-]+', '', 'g') ILIKE ${params.add(containsPattern(compact))}` : '';
  const words = groupSearchWords(text);
  const byWords = words.length > 0 ? ` OR (${words.map((word) => `g.search_key LIKE ${params.add(containsPattern(word))}`).join(' AND ')})` : '';
  return `(g.name ILIKE ${pattern} OR s.code ILIKE ${pattern} OR s.name ILIKE ${pattern}
           OR p.name ILIKE ${pattern} OR f.name ILIKE ${pattern}${byCompactName}${byWords})`;
}

export function toGroupResponse(row: GroupRow, today: string): GroupResponse {
  const progress = studyProgress(row.yearStartStudy, row.status === 'ARCHIVED', today, row.courseCount);
  return {
    id: row.id,
    name: row.name,
    groupSize: row.groupSize,
    educationFormId: row.educationFormId,
    educationFormName: row.educationFormName,
    departmentId: row.departmentId,
    yearStartStudy: row.yearStartStudy,
    course: progress.course,
    semester: progress.semester,
    specialtyId: row.specialtyId,
    specialtyCode: row.specialtyCode,
    specialtyName: row.specialtyName,
    specialtyProfileId: row.specialtyProfileId,
    specialtyProfileName: row.specialtyProfileName,
    specialityCode: row.specialtyId,
    status: row.status,
    active: progress.active,
    studyState: progress.studyState,
    studyStateName: progress.studyStateName,
  };
}
