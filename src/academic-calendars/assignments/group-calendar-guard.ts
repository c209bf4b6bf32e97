import { Injectable } from '@nestjs/common';
import { date, int, rowShape, text } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { ConflictError } from '../../platform/http/app-error';
import { CALENDAR_FACT_COLUMNS, CALENDAR_FACT_FIELDS, CALENDAR_JOINS, CALENDAR_TITLE } from '../shared/calendar-sql';
import { GroupFacts, incompatibility } from '../shared/compatibility';

/** A calendar the group is assigned to, with the year of the assignment. */
const ASSIGNED_CALENDAR = rowShape({
  ...CALENDAR_FACT_FIELDS,
  title: text,
  assignmentYearId: int,
  assignmentYearTitle: text,
  assignmentYearStart: date,
});

/**
 * What a group change must respect in the group's calendar assignments. Exported for the group
 * update, which calls it inside its transaction with the group row already locked.
 */
@Injectable()
export class GroupCalendarGuard {
  constructor(private readonly db: TenantDb) {}

  /**
   * Refuses (409) a new specialty, profile, form or start year that no longer fits a calendar the
   * group is assigned to in some academic year. The calendars are share-locked in id order, so a
   * concurrent calendar change either finishes first and is seen here, or waits for this commit.
   */
  async checkGroupChange(groupId: number, group: GroupFacts): Promise<void> {
    const calendars = await this.db.rows(ASSIGNED_CALENDAR, `SELECT ${CALENDAR_FACT_COLUMNS}, ${CALENDAR_TITLE} AS title, a.academic_year_id AS "assignmentYearId",
              ay.title AS "assignmentYearTitle", ay.start_date AS "assignmentYearStart"
         FROM group_calendar_assignments a
         JOIN academic_years ay ON ay.id = a.academic_year_id
         JOIN academic_calendars c ON c.id = a.calendar_id ${CALENDAR_JOINS}
        WHERE a.group_id = $1
        ORDER BY c.id
          FOR SHARE OF c`,
      [groupId],
    );
    for (const calendar of calendars) {
      const unfit = incompatibility(group, calendar, { id: calendar.assignmentYearId, startDate: calendar.assignmentYearStart });
      if (unfit) {
        throw new ConflictError(
          `Изменение группы несовместимо с учебным календарём «${calendar.title}», назначенным на ${calendar.assignmentYearTitle} учебный год: ${unfit.reason}`,
        ).at(unfit.groupField);
      }
    }
  }
}
