import { Injectable } from '@nestjs/common';
import { date, int, nullable, rowShape } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { LoadedSemester } from '../../schedule-engine/rule-model';
import { BlockedTime, BlockScope, TeacherAvailability } from './teacher-availability';

// A preference (date, or weekday and pair) or an absence (from, to): the other branch's columns are null.
const BLOCK = rowShape({
  teacherId: int,
  date: nullable(date),
  from: nullable(date),
  to: nullable(date),
  dayOfWeek: nullable(int),
  timeSlotId: nullable(int),
  absenceId: nullable(int),
  preferenceId: nullable(int),
});

/**
 * The teachers' approved unavailability in a semester, in one query: HARD_UNAVAILABLE preferences
 * of the semester (a weekly base pair or a whole date) and, for one-off changes, approved or
 * resolved absences that touch the semester. Pending, rejected, withdrawn, cancelled and soft
 * preferences never block.
 */
@Injectable()
export class ApprovedUnavailability extends TeacherAvailability {
  constructor(private readonly db: TenantDb) {
    super();
  }

  async blockedLessons(teacherIds: number[], semester: LoadedSemester, scope: BlockScope): Promise<BlockedTime[]> {
    const rows = await this.db.rows(
      BLOCK,
      `SELECT teacher_id AS "teacherId", preference_date AS "date", NULL::date AS "from", NULL::date AS "to",
              day_of_week AS "dayOfWeek", time_slot_id AS "timeSlotId", NULL::int AS "absenceId", id AS "preferenceId"
         FROM teacher_preferences
        WHERE teacher_id = ANY($1::int[]) AND semester_id = $2 AND status = 'APPROVED' AND preference_type = 'HARD_UNAVAILABLE'
       UNION ALL
       SELECT teacher_id, NULL, start_date, end_date, NULL, NULL, id, NULL
         FROM teacher_absences
        WHERE $5 AND teacher_id = ANY($1::int[]) AND status IN ('APPROVED', 'RESOLVED')
          AND start_date <= $4::date AND end_date >= $3::date`,
      [teacherIds, semester.id, semester.startDate, semester.endDate, scope === 'PREFERENCES_AND_ABSENCES'],
    );
    return rows.map((row) => {
      const block: BlockedTime = { teacherId: row.teacherId };
      if (row.date !== null) block.date = row.date;
      if (row.from !== null) block.from = row.from;
      if (row.to !== null) block.to = row.to;
      if (row.dayOfWeek !== null) block.dayOfWeek = row.dayOfWeek;
      if (row.timeSlotId !== null) block.timeSlotId = row.timeSlotId;
      if (row.absenceId !== null) block.absenceId = row.absenceId;
      if (row.preferenceId !== null) block.preferenceId = row.preferenceId;
      return block;
    });
  }
}
