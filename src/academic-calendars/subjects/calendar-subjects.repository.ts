import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../../platform/database/constraint-messages';
import { bool, int, nullable, rowShape, RowType, text } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { CalendarSubjectResponse } from './dto/calendar-subject.dto';

defineConstraintMessages({
  uq_academic_calendar_subjects_item: 'Дисциплина уже привязана к этому семестру календаря',
  fk_academic_calendar_subjects_subject: 'Дисциплина не найдена: возможно, её только что удалили',
  fk_academic_calendar_subjects_calendar: 'Учебный календарь не найден: возможно, его только что удалили',
});

const CALENDAR_SUBJECT = rowShape({
  id: int,
  calendarId: int,
  semesterNumber: int,
  subjectId: int,
  subjectName: text,
  subjectCode: nullable(text),
  departmentId: int,
});
const SUBJECT_STATE = rowShape({ id: int, name: text, archived: bool });

export type SubjectState = RowType<typeof SUBJECT_STATE>;

export interface SubjectBinding {
  semesterNumber: number;
  subjectId: number;
}

/** SQL over `academic_calendar_subjects`. */
@Injectable()
export class CalendarSubjectsRepository {
  constructor(private readonly db: TenantDb) {}

  /** Bindings of the calendars, by calendar, then semester, then subject name. */
  listFor(calendarIds: readonly number[]): Promise<CalendarSubjectResponse[]> {
    return this.db.rows(CALENDAR_SUBJECT, `SELECT cs.id, cs.calendar_id AS "calendarId", cs.semester_number AS "semesterNumber", cs.subject_id AS "subjectId",
              sub.name AS "subjectName", sub.code AS "subjectCode", sub.department_id AS "departmentId"
         FROM academic_calendar_subjects cs JOIN subjects sub ON sub.id = cs.subject_id
        WHERE cs.calendar_id = ANY($1::int[])
        ORDER BY cs.calendar_id, cs.semester_number, lower(sub.name), sub.id`,
      [calendarIds],
    );
  }

  /**
   * The named subjects, key-share-locked in id order until commit, so that a concurrent delete waits
   * and then sees the new reference (and archives instead of deleting).
   */
  lockSubjects(ids: readonly number[]): Promise<SubjectState[]> {
    return this.db.rows(SUBJECT_STATE, `SELECT id, name, archived_at IS NOT NULL AS archived FROM subjects WHERE id = ANY($1::int[]) ORDER BY id FOR KEY SHARE`,
      [ids],
    );
  }

  /** Makes the calendar's bindings exactly `bindings`; bindings that stay keep their ids. */
  async replace(calendarId: number, bindings: readonly SubjectBinding[]): Promise<void> {
    const semesters = bindings.map((binding) => binding.semesterNumber);
    const subjects = bindings.map((binding) => binding.subjectId);
    await this.db.execute(`DELETE FROM academic_calendar_subjects
        WHERE calendar_id = $1
          AND (semester_number, subject_id) NOT IN (SELECT * FROM unnest($2::int[], $3::int[]))`,
      [calendarId, semesters, subjects],
    );
    await this.db.execute(`INSERT INTO academic_calendar_subjects (calendar_id, semester_number, subject_id)
       SELECT $1, v.semester, v.subject FROM unnest($2::int[], $3::int[]) AS v (semester, subject)
       ON CONFLICT ON CONSTRAINT uq_academic_calendar_subjects_item DO NOTHING`,
      [calendarId, semesters, subjects],
    );
  }
}
