import { Injectable } from '@nestjs/common';
import { TenantDb } from '../../platform/database/tenant-db';

/** What the academic years may ask of the calendars drawn for them (issue 42: through this index, not their tables). */
@Injectable()
export class CalendarYears {
  constructor(private readonly db: TenantDb) {}

  /** Whether a calendar of year `yearId` has days outside `startDate`..`endDate` (they would lose their year). */
  async hasDaysOutside(yearId: number, startDate: string, endDate: string): Promise<boolean> {
    const found = await this.db.execute(
      `SELECT 1 FROM academic_calendar_periods p JOIN academic_calendars c ON c.id = p.calendar_id
        WHERE c.academic_year_id = $1 AND (p.start_date < $2 OR p.end_date > $3) LIMIT 1`,
      [yearId, startDate, endDate],
    );
    return found > 0;
  }
}
