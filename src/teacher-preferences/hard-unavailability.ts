import { Injectable, Module } from '@nestjs/common';
import { date, int, nullable, rowShape } from '../platform/database/row-shape';
import { TenantDb } from '../platform/database/tenant-db';
import { BlockedTime, HardUnavailability } from '../schedule/core';
import { PreferenceStatus, PreferenceType } from './preference-rules';

const BLOCKING_STATUS: PreferenceStatus = 'APPROVED';
const BLOCKING_TYPE: PreferenceType = 'HARD_UNAVAILABLE';

const BLOCK = rowShape({ preferenceId: int, teacherId: int, date: nullable(date), dayOfWeek: nullable(int), timeSlotId: nullable(int) });

/**
 * The schedule core's `HardUnavailability` port: only an approved hard unavailability blocks a
 * lesson (pending, rejected, withdrawn, cancelled and soft wishes never do), in one query.
 */
@Injectable()
export class ApprovedHardUnavailability extends HardUnavailability {
  constructor(private readonly db: TenantDb) {
    super();
  }

  async blocks(teacherIds: number[], semesterId: number): Promise<BlockedTime[]> {
    const rows = await this.db.rows(
      BLOCK,
      `SELECT id AS "preferenceId", teacher_id AS "teacherId", preference_date AS "date", day_of_week AS "dayOfWeek", time_slot_id AS "timeSlotId"
         FROM teacher_preferences
        WHERE teacher_id = ANY($1::int[]) AND semester_id = $2 AND status = $3 AND preference_type = $4`,
      [teacherIds, semesterId, BLOCKING_STATUS, BLOCKING_TYPE],
    );
    return rows.map((row) => {
      const block: BlockedTime = { teacherId: row.teacherId, preferenceId: row.preferenceId };
      if (row.date !== null) block.date = row.date;
      if (row.dayOfWeek !== null) block.dayOfWeek = row.dayOfWeek;
      if (row.timeSlotId !== null) block.timeSlotId = row.timeSlotId;
      return block;
    });
  }
}

/** Binds the port; passed to `TeacherAvailabilityModule.bind` by the application. */
@Module({
  providers: [{ provide: HardUnavailability, useClass: ApprovedHardUnavailability }],
  exports: [HardUnavailability],
})
export class HardUnavailabilityModule {}
