import { Injectable } from '@nestjs/common';
import { TenantDb } from '../../platform/database/tenant-db';
import { BadRequestError, NotFoundError } from '../../platform/http/app-error';
import { isoDayOfWeek } from '../../schedule-engine/dates';
import { expandPeriods, mergeDays } from '../../schedule-engine/calendar-days';
import { weekNumber } from '../../schedule-engine/weeks';
import { CALENDAR_NOT_FOUND } from '../shared/access';
import { CalendarPeriodsRepository } from './calendar-periods.repository';
import { GridDayResponse } from './dto/grid.dto';
import { checkGrid, GridCell } from './grid-rules';

/**
 * A calendar's day grid: stored as periods, read and written as one row per day of a course.
 * Weeks are counted from the academic year's start.
 */
@Injectable()
export class CalendarGridService {
  constructor(
    private readonly db: TenantDb,
    private readonly periods: CalendarPeriodsRepository,
  ) {}

  async get(calendarId: number): Promise<GridDayResponse[]> {
    const frame = await this.periods.frame(calendarId);
    if (!frame) throw new NotFoundError(CALENDAR_NOT_FOUND);
    const stored = await this.periods.list(calendarId);
    const codes = new Map(stored.map((period) => [period.activityTypeId, period.activityCode]));
    return expandPeriods(stored).map((day) => ({
      calendarId,
      courseNumber: day.courseNumber,
      date: day.date,
      weekNumber: weekNumber(frame.yearStart, day.date),
      dayOfWeek: isoDayOfWeek(day.date),
      activityTypeId: day.activityTypeId,
      activityCode: codes.get(day.activityTypeId) ?? '',
    }));
  }

  /**
   * Replaces the whole grid. Every row is checked before anything is deleted; on any problem the
   * answer is 400 naming the first bad row and the stored grid stays as it was.
   */
  async replace(calendarId: number, cells: readonly GridCell[]): Promise<GridDayResponse[]> {
    await this.db.transaction(async () => {
      const frame = await this.periods.lockFrame(calendarId);
      if (!frame) throw new NotFoundError(CALENDAR_NOT_FOUND);
      const ids = cells.flatMap((cell) => (cell.activityTypeId !== undefined ? [cell.activityTypeId] : []));
      const codes = cells.flatMap((cell) => (cell.activityCode !== undefined ? [cell.activityCode] : []));
      const activities = await this.periods.lockActivities([...new Set(ids)], [...new Set(codes)]);
      const checked = checkGrid(cells, frame, activities);
      if ('problem' in checked) throw new BadRequestError(checked.problem);
      await this.periods.replace(calendarId, mergeDays(checked.days));
    });
    return this.get(calendarId);
  }
}
