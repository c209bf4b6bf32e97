import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../../platform/database/constraint-messages';
import { bool, date, ID_ROW, int, rowShape, RowType, text } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { CALENDAR_FACT_COLUMNS, CALENDAR_FACTS, CALENDAR_JOINS, CALENDAR_TITLE } from '../shared/calendar-sql';
import { CalendarFacts } from '../shared/compatibility';

export const CONCURRENT_ASSIGNMENT =
  'Назначение календаря одновременно изменил другой запрос (группа, календарь, учебный год или назначение изменились); повторите попытку';

defineConstraintMessages({
  uq_group_calendar_assignments_group_year: CONCURRENT_ASSIGNMENT,
  fk_group_calendar_assignments_calendar: 'Учебный календарь не найден или назначен группам',
  fk_group_calendar_assignments_group: 'Группа не найдена',
  fk_group_calendar_assignments_year: 'Учебный год не найден или используется назначениями календарей',
});

const ASSIGNMENT_SELECT = `
    SELECT a.id, a.group_id AS "groupId", g.name AS "groupName", a.academic_year_id AS "academicYearId",
           y.title AS "academicYearTitle", a.calendar_id AS "calendarId", ${CALENDAR_TITLE} AS "calendarTitle"
      FROM group_calendar_assignments a
      JOIN study_groups g ON g.id = a.group_id
      JOIN academic_calendars c ON c.id = a.calendar_id ${CALENDAR_JOINS}`;

const ASSIGNMENT = rowShape({
  id: int,
  groupId: int,
  groupName: text,
  academicYearId: int,
  academicYearTitle: text,
  calendarId: int,
  calendarTitle: text,
});

export type AssignmentRow = RowType<typeof ASSIGNMENT>;

const GROUP_COLUMNS = `id, name, department_id AS "departmentId", status = 'ARCHIVED' AS archived,
       specialty_id AS "specialtyId", specialty_profile_id AS "specialtyProfileId",
       education_form_id AS "educationFormId", year_start_study AS "yearStartStudy"`;

/** The group with the facts a calendar must fit (`GroupFacts`). */
const ASSIGNMENT_GROUP = rowShape({
  id: int,
  name: text,
  departmentId: int,
  archived: bool,
  specialtyId: int,
  specialtyProfileId: int,
  educationFormId: int,
  yearStartStudy: int,
});

/** The year with the facts a calendar must fit (`YearFacts`). */
const ASSIGNMENT_YEAR = rowShape({ id: int, title: text, startDate: date });
const ASSIGNMENT_REF = rowShape({ id: int, calendarId: int });

export type AssignmentGroup = RowType<typeof ASSIGNMENT_GROUP>;
export type AssignmentYear = RowType<typeof ASSIGNMENT_YEAR>;
export type AssignmentRef = RowType<typeof ASSIGNMENT_REF>;

/**
 * SQL over `group_calendar_assignments`. The readers that decide a save take an optional lock; a
 * save takes them in one fixed order: group, calendar, year, existing assignment.
 */
@Injectable()
export class CalendarAssignmentsRepository {
  constructor(private readonly db: TenantDb) {}

  /** Assignments of the group, oldest academic year first. */
  listOfGroup(groupId: number): Promise<AssignmentRow[]> {
    return this.db.rows(ASSIGNMENT, `${ASSIGNMENT_SELECT} WHERE a.group_id = $1 ORDER BY y.start_date, a.id`, [groupId]);
  }

  async findRow(id: number): Promise<AssignmentRow | undefined> {
    return (await this.db.rows(ASSIGNMENT, `${ASSIGNMENT_SELECT} WHERE a.id = $1`, [id]))[0];
  }

  /** The group; `lock` holds it FOR UPDATE (the lock group updates and subgroup changes take too). */
  async group(id: number, lock = false): Promise<AssignmentGroup | undefined> {
    const sql = `SELECT ${GROUP_COLUMNS} FROM study_groups WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`;
    return (await this.db.rows(ASSIGNMENT_GROUP, sql, [id]))[0];
  }

  /** The calendar; `lock` share-locks it, so that it cannot change or vanish before commit. */
  async calendar(id: number, lock = false): Promise<CalendarFacts | undefined> {
    const sql = `SELECT ${CALENDAR_FACT_COLUMNS} FROM academic_calendars c WHERE c.id = $1 ${lock ? 'FOR SHARE' : ''}`;
    return (await this.db.rows(CALENDAR_FACTS, sql, [id]))[0];
  }

  async year(id: number, lock = false): Promise<AssignmentYear | undefined> {
    const sql = `SELECT id, title, start_date AS "startDate" FROM academic_years WHERE id = $1 ${lock ? 'FOR SHARE' : ''}`;
    return (await this.db.rows(ASSIGNMENT_YEAR, sql, [id]))[0];
  }

  /** The group's assignment for the year, if any; `lock` holds it FOR UPDATE. */
  async ofGroupAndYear(groupId: number, yearId: number, lock = false): Promise<AssignmentRef | undefined> {
    const sql = `SELECT id, calendar_id AS "calendarId" FROM group_calendar_assignments
                  WHERE group_id = $1 AND academic_year_id = $2 ${lock ? 'FOR UPDATE' : ''}`;
    return (await this.db.rows(ASSIGNMENT_REF, sql, [groupId, yearId]))[0];
  }

  async lockOfGroup(groupId: number, id: number): Promise<AssignmentRef | undefined> {
    const sql = `SELECT id, calendar_id AS "calendarId" FROM group_calendar_assignments WHERE id = $1 AND group_id = $2 FOR UPDATE`;
    return (await this.db.rows(ASSIGNMENT_REF, sql, [id, groupId]))[0];
  }

  async insert(groupId: number, yearId: number, calendarId: number): Promise<number> {
    const [row] = await this.db.rows(ID_ROW, `INSERT INTO group_calendar_assignments (group_id, academic_year_id, calendar_id) VALUES ($1, $2, $3) RETURNING id`,
      [groupId, yearId, calendarId],
    );
    return row.id;
  }

  async setCalendar(id: number, calendarId: number): Promise<void> {
    await this.db.execute(`UPDATE group_calendar_assignments SET calendar_id = $2, updated_at = now() WHERE id = $1`, [id, calendarId]);
  }

  async delete(id: number): Promise<void> {
    await this.db.execute(`DELETE FROM group_calendar_assignments WHERE id = $1`, [id]);
  }
}
