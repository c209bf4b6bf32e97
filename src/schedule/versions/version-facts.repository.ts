import { Injectable } from '@nestjs/common';
import { bool, int, listOf, object, rowShape, text } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { requirementsFrom } from '../../schedule-engine/room-equipment';
import { referencedIds, VersionFacts } from '../../schedule-engine/rule-problems';

const ARCHIVABLE = listOf(object({ id: int, name: text, archived: bool }));
const FACTS = rowShape({
  subjects: ARCHIVABLE,
  groups: ARCHIVABLE,
  users: listOf(object({ id: int, name: text, role: text, active: bool })),
  classrooms: listOf(object({ id: int, name: text, archived: bool, equipmentIds: listOf(int) })),
  timeSlots: listOf(object({ id: int, orderNumber: int, base: bool })),
  subgroups: listOf(object({ id: int, name: text, groupId: int, groupName: text })),
  requirements: listOf(object({ subjectId: int, lessonTypeId: int, equipmentId: int, equipmentName: text })),
});

const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));

/** The current state of everything a version's rules refer to, in one query whatever their number. */
@Injectable()
export class VersionFactsRepository {
  constructor(private readonly db: TenantDb) {}

  async load(ids: ReturnType<typeof referencedIds>): Promise<VersionFacts> {
    const [row] = await this.db.rows(
      FACTS,
      `SELECT
         COALESCE((SELECT json_agg(json_build_object('id', id, 'name', name, 'archived', archived_at IS NOT NULL))
                     FROM subjects WHERE id = ANY($1::int[])), '[]') AS subjects,
         COALESCE((SELECT json_agg(json_build_object('id', id, 'name', name, 'archived', status = 'ARCHIVED'))
                     FROM study_groups WHERE id = ANY($2::int[])), '[]') AS groups,
         COALESCE((SELECT json_agg(json_build_object('id', id, 'name', full_name, 'role', role, 'active', status = 'ACTIVE'))
                     FROM users WHERE id = ANY($3::int[])), '[]') AS users,
         COALESCE((SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'archived', c.archived_at IS NOT NULL,
                                                     'equipmentIds', COALESCE((SELECT json_agg(ce.equipment_id) FROM classroom_equipments ce WHERE ce.classroom_id = c.id), '[]')))
                     FROM classrooms c WHERE c.id = ANY($4::int[])), '[]') AS classrooms,
         COALESCE((SELECT json_agg(json_build_object('id', ts.id, 'orderNumber', ts.order_number, 'base', sc.apply_mode = 'DEFAULT'))
                     FROM time_slots ts JOIN time_grid_scopes sc ON sc.id = ts.scope_id WHERE ts.id = ANY($5::int[])), '[]') AS "timeSlots",
         COALESCE((SELECT json_agg(json_build_object('id', s.id, 'name', s.name, 'groupId', s.group_id, 'groupName', g.name))
                     FROM subgroups s JOIN study_groups g ON g.id = s.group_id WHERE s.id = ANY($6::int[])), '[]') AS subgroups,
         COALESCE((SELECT json_agg(json_build_object('subjectId', r.subject_id, 'lessonTypeId', r.lesson_type_id, 'equipmentId', e.id, 'equipmentName', e.name)
                                   ORDER BY r.subject_id, r.lesson_type_id, lower(e.name), e.id)
                     FROM subject_equipment_requirements r JOIN equipments e ON e.id = r.equipment_id
                    WHERE r.subject_id = ANY($1::int[])), '[]') AS requirements`,
      [ids.subjectIds, ids.groupIds, ids.userIds, ids.classroomIds, ids.timeSlotIds, ids.subgroupIds],
    );
    return {
      subjects: byId(row.subjects),
      groups: byId(row.groups),
      users: byId(row.users),
      classrooms: byId(row.classrooms),
      timeSlots: byId(row.timeSlots),
      subgroups: byId(row.subgroups),
      requirements: requirementsFrom(row.requirements),
    };
  }
}
