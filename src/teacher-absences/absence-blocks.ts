import { Injectable, Module } from '@nestjs/common';
import { date, int, rowShape } from '../platform/database/row-shape';
import { TenantDb } from '../platform/database/tenant-db';
import { AbsenceBlocks, BlockedTime } from '../schedule/core';
import { AbsenceStatus } from './absence-rules';

/** An absence blocks its teacher's lessons once approved, and still after all its lessons are decided. */
const BLOCKING_STATUSES: readonly AbsenceStatus[] = ['APPROVED', 'RESOLVED'];

const BLOCK = rowShape({ absenceId: int, teacherId: int, from: date, to: date });

/** The schedule core's `AbsenceBlocks` port: approved and resolved absences touching a period, in one query. */
@Injectable()
export class ApprovedAbsenceBlocks extends AbsenceBlocks {
  constructor(private readonly db: TenantDb) {
    super();
  }

  async blocks(teacherIds: number[], from: string, to: string): Promise<BlockedTime[]> {
    const rows = await this.db.rows(
      BLOCK,
      `SELECT id AS "absenceId", teacher_id AS "teacherId", start_date AS "from", end_date AS "to"
         FROM teacher_absences
        WHERE teacher_id = ANY($1::int[]) AND status = ANY($2::text[]) AND start_date <= $4::date AND end_date >= $3::date`,
      [teacherIds, BLOCKING_STATUSES, from, to],
    );
    return rows.map((row) => ({ teacherId: row.teacherId, from: row.from, to: row.to, absenceId: row.absenceId }));
  }
}

/** Binds the port; passed to `TeacherAvailabilityModule.bind` by the application. */
@Module({
  providers: [{ provide: AbsenceBlocks, useClass: ApprovedAbsenceBlocks }],
  exports: [AbsenceBlocks],
})
export class AbsenceBlocksModule {}
