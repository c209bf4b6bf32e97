import { containsPattern, SqlParams } from '../../platform/database/sql';
import { GroupResponse, GroupStatus } from './dto/group.dto';
import { studyingStartYears, studyProgress } from './study-state';

export interface GroupRow {
  id: number;
  name: string;
  groupSize: number;
  educationFormId: number;
  educationFormName: string;
  departmentId: number;
  yearStartStudy: number;
  specialtyId: number;
  specialtyCode: string;
  specialtyName: string;
  specialtyProfileId: number;
  specialtyProfileName: string;
  status: GroupStatus;
}

/** Groups with their form, specialty and profile names; one row per group. */
export const GROUP_FROM = `
      FROM study_groups g
      JOIN education_forms f ON f.id = g.education_form_id
      JOIN specialties s ON s.id = g.specialty_id
      JOIN specialty_profiles p ON p.id = g.specialty_profile_id`;

export const GROUP_SELECT = `
    SELECT g.id, g.name, g.group_size AS "groupSize", g.education_form_id AS "educationFormId", f.name AS "educationFormName",
           g.department_id AS "departmentId", g.year_start_study AS "yearStartStudy",
           g.specialty_id AS "specialtyId", s.code AS "specialtyCode", s.name AS "specialtyName",
           g.specialty_profile_id AS "specialtyProfileId", p.name AS "specialtyProfileName", g.status
    ${GROUP_FROM}`;

export const BY_NAME = `lower(g.name), g.id`;

/** Not archived and not graduated today (studying or not started yet): the default of every list. */
export function currentGroups(params: SqlParams, today: string): string {
  return `(g.status = 'ACTIVE' AND g.year_start_study >= ${params.add(studyingStartYears(today).first)})`;
}

/** Groups with study state ACTIVE today: the only ones offered for new work. */
export function studyingGroups(params: SqlParams, today: string): string {
  const { first, last } = studyingStartYears(today);
  return `(g.status = 'ACTIVE' AND g.year_start_study BETWEEN ${params.add(first)} AND ${params.add(last)})`;
}

/** Case-insensitive search over group name, specialty code and name, profile and form. */
export function matchesGroupText(params: SqlParams, text: string): string {
  const pattern = params.add(containsPattern(text));
  return `(g.name ILIKE ${pattern} OR s.code ILIKE ${pattern} OR s.name ILIKE ${pattern}
           OR p.name ILIKE ${pattern} OR f.name ILIKE ${pattern})`;
}

export function toGroupResponse(row: GroupRow, today: string): GroupResponse {
  const progress = studyProgress(row.yearStartStudy, row.status === 'ARCHIVED', today);
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
