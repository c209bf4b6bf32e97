import { int, rowShape } from '../../platform/database/row-shape';

/**
 * SQL pieces shared by the calendar, grid, subject and assignment queries. The calendar is `c`; its
 * year, specialty, profile and study form are joined as `y`, `s`, `p` and `f`.
 */
export const CALENDAR_JOINS = `
      JOIN academic_years y ON y.id = c.academic_year_id
      JOIN specialties s ON s.id = c.specialty_id
      JOIN specialty_profiles p ON p.id = c.specialty_profile_id
      JOIN education_forms f ON f.id = c.study_form_id`;

/**
 * The generated title «<specialty code> <profile name>, <study form name>, <year title>», e.g.
 * «09.03.01 Без профиля, Очная, 2025-2026». Always built from the current names.
 */
export const CALENDAR_TITLE = `(s.code || ' ' || p.name || ', ' || f.name || ', ' || y.title)`;

/** The stored columns that decide whether a calendar fits a group. */
export const CALENDAR_FACT_COLUMNS = `c.id, c.academic_year_id AS "academicYearId", c.specialty_id AS "specialtyId",
       c.specialty_profile_id AS "specialtyProfileId", c.study_form_id AS "studyFormId", c.course_count AS "courseCount"`;

/** The columns of `CALENDAR_FACT_COLUMNS`, for the rows that read them with more. */
export const CALENDAR_FACT_FIELDS = { id: int, academicYearId: int, specialtyId: int, specialtyProfileId: int, studyFormId: int, courseCount: int };
export const CALENDAR_FACTS = rowShape(CALENDAR_FACT_FIELDS);
