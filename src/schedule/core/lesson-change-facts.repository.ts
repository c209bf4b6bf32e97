import { Injectable } from '@nestjs/common';
import { bool, int, listOf, object, rowShape, text, time } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';

/** Who and what one-off changes of a lesson name, looked up in one query (absent ids are missing). */
export interface LessonChangeFacts {
  teachers: ReadonlyMap<number, { id: number; name: string; role: string; active: boolean }>;
  classrooms: ReadonlyMap<number, { id: number; name: string; archived: boolean }>;
  timeSlots: ReadonlyMap<number, { id: number; orderNumber: number; startTime: string; endTime: string }>;
  /** Names of the lesson's groups. */
  groups: ReadonlyMap<number, string>;
}

const FACTS = rowShape({
  teachers: listOf(object({ id: int, name: text, role: text, active: bool })),
  classrooms: listOf(object({ id: int, name: text, archived: bool })),
  timeSlots: listOf(object({ id: int, orderNumber: int, startTime: time, endTime: time })),
  groups: listOf(object({ id: int, name: text })),
});

const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));

@Injectable()
export class LessonChangeFactsRepository {
  constructor(private readonly db: TenantDb) {}

  async load(ids: { teacherIds: number[]; classroomIds: number[]; timeSlotIds: number[]; groupIds: number[] }): Promise<LessonChangeFacts> {
    const [row] = await this.db.rows(
      FACTS,
      `SELECT
         COALESCE((SELECT json_agg(json_build_object('id', id, 'name', full_name, 'role', role, 'active', status = 'ACTIVE'))
                     FROM users WHERE id = ANY($1::int[])), '[]') AS teachers,
         COALESCE((SELECT json_agg(json_build_object('id', id, 'name', name, 'archived', archived_at IS NOT NULL))
                     FROM classrooms WHERE id = ANY($2::int[])), '[]') AS classrooms,
         COALESCE((SELECT json_agg(json_build_object('id', id, 'orderNumber', order_number, 'startTime', start_time::text, 'endTime', end_time::text))
                     FROM time_slots WHERE id = ANY($3::int[])), '[]') AS "timeSlots",
         COALESCE((SELECT json_agg(json_build_object('id', id, 'name', name)) FROM study_groups WHERE id = ANY($4::int[])), '[]') AS groups`,
      [ids.teacherIds, ids.classroomIds, ids.timeSlotIds, ids.groupIds],
    );
    return {
      teachers: byId(row.teachers),
      classrooms: byId(row.classrooms),
      timeSlots: byId(row.timeSlots),
      groups: new Map(row.groups.map((group) => [group.id, group.name])),
    };
  }
}
