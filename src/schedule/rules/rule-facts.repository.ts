import { Injectable } from '@nestjs/common';
import { bool, int, listOf, nullable, object, oneOf, rowShape, text, time } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { LESSON_KINDS, LessonKind } from '../../schedule-engine/lesson-series';
import { EquipmentRequirements, requirementsFrom } from '../../schedule-engine/room-equipment';

/** What the rows a rule body names are, looked up in one query (missing ids are simply absent). */
export interface RuleFacts {
  subject?: { id: number; name: string; archived: boolean };
  groups: Map<number, { id: number; name: string; archived: boolean }>;
  subgroups: Map<number, { id: number; name: string; groupId: number; groupName: string }>;
  timeSlots: Map<number, { id: number; base: boolean; orderNumber: number; startTime: string; endTime: string }>;
  users: Map<number, { id: number; name: string; role: string; active: boolean }>;
  classrooms: Map<number, { id: number; name: string; archived: boolean; equipmentIds: number[] }>;
  lessonTypes: Map<number, { id: number; name: string; code: LessonKind }>;
  /** What the subjects' lessons need in their rooms, by subject and lesson type. */
  requirements: EquipmentRequirements;
}

export interface FactIds {
  subjectId: number;
  groupIds: number[];
  subgroupIds: number[];
  timeSlotIds: number[];
  userIds: number[];
  classroomIds: number[];
}

const SUBJECT = { id: int, name: text, archived: bool };
const SUBJECT_ROW = rowShape(SUBJECT);
const FACTS = rowShape({
  // A scalar subquery: null when the subject does not exist.
  subject: nullable(object(SUBJECT)),
  groups: listOf(object({ id: int, name: text, archived: bool })),
  subgroups: listOf(object({ id: int, name: text, groupId: int, groupName: text })),
  timeSlots: listOf(object({ id: int, base: bool, orderNumber: int, startTime: time, endTime: time })),
  users: listOf(object({ id: int, name: text, role: text, active: bool })),
  classrooms: listOf(object({ id: int, name: text, archived: bool, equipmentIds: listOf(int) })),
  lessonTypes: listOf(object({ id: int, name: text, code: oneOf(...LESSON_KINDS) })),
  requirements: listOf(object({ subjectId: int, lessonTypeId: int, equipmentId: int, equipmentName: text })),
});

const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));

@Injectable()
export class RuleFactsRepository {
  constructor(private readonly db: TenantDb) {}

  /**
   * The facts of many rule bodies in two queries (the data import's batch): what all of them name
   * together, and their subjects; answers each body's facts (the shared maps only have more rows,
   * which the checks never look at: they look up the body's own ids).
   */
  async loadMany(ids: readonly FactIds[]): Promise<RuleFacts[]> {
    const union = (pick: (one: FactIds) => number[]) => [...new Set(ids.flatMap(pick))];
    const shared = await this.load({
      subjectId: 0,
      requirementSubjectIds: [...new Set(ids.map((one) => one.subjectId))],
      groupIds: union((one) => one.groupIds),
      subgroupIds: union((one) => one.subgroupIds),
      timeSlotIds: union((one) => one.timeSlotIds),
      userIds: union((one) => one.userIds),
      classroomIds: union((one) => one.classroomIds),
    });
    const subjects = byId(
      await this.db.rows(
        SUBJECT_ROW,
        `SELECT id, name, archived_at IS NOT NULL AS archived FROM subjects WHERE id = ANY($1::int[])`,
        [[...new Set(ids.map((one) => one.subjectId))]],
      ),
    );
    return ids.map((one) => ({ ...shared, subject: subjects.get(one.subjectId) }));
  }

  async load(ids: FactIds & { requirementSubjectIds?: number[] }): Promise<RuleFacts> {
    const [row] = await this.db.rows(
      FACTS,
      `SELECT
         (SELECT json_build_object('id', id, 'name', name, 'archived', archived_at IS NOT NULL) FROM subjects WHERE id = $1) AS subject,
         COALESCE((SELECT json_agg(json_build_object('id', id, 'name', name, 'archived', status = 'ARCHIVED'))
                     FROM study_groups WHERE id = ANY($2::int[])), '[]') AS groups,
         COALESCE((SELECT json_agg(json_build_object('id', s.id, 'name', s.name, 'groupId', s.group_id, 'groupName', g.name))
                     FROM subgroups s JOIN study_groups g ON g.id = s.group_id WHERE s.id = ANY($3::int[])), '[]') AS subgroups,
         COALESCE((SELECT json_agg(json_build_object('id', ts.id, 'base', sc.apply_mode = 'DEFAULT', 'orderNumber', ts.order_number,
                                                     'startTime', ts.start_time::text, 'endTime', ts.end_time::text))
                     FROM time_slots ts JOIN time_grid_scopes sc ON sc.id = ts.scope_id WHERE ts.id = ANY($4::int[])), '[]') AS "timeSlots",
         COALESCE((SELECT json_agg(json_build_object('id', id, 'name', full_name, 'role', role, 'active', status = 'ACTIVE'))
                     FROM users WHERE id = ANY($5::int[])), '[]') AS users,
         COALESCE((SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'archived', c.archived_at IS NOT NULL,
                                                     'equipmentIds', COALESCE((SELECT json_agg(ce.equipment_id) FROM classroom_equipments ce WHERE ce.classroom_id = c.id), '[]')))
                     FROM classrooms c WHERE c.id = ANY($6::int[])), '[]') AS classrooms,
         COALESCE((SELECT json_agg(json_build_object('id', id, 'name', name, 'code', code)) FROM lesson_types), '[]') AS "lessonTypes",
         COALESCE((SELECT json_agg(json_build_object('subjectId', r.subject_id, 'lessonTypeId', r.lesson_type_id, 'equipmentId', e.id, 'equipmentName', e.name)
                                   ORDER BY r.subject_id, r.lesson_type_id, lower(e.name), e.id)
                     FROM subject_equipment_requirements r JOIN equipments e ON e.id = r.equipment_id
                    WHERE r.subject_id = ANY($7::int[])), '[]') AS requirements`,
      [ids.subjectId, ids.groupIds, ids.subgroupIds, ids.timeSlotIds, ids.userIds, ids.classroomIds, ids.requirementSubjectIds ?? [ids.subjectId]],
    );
    return {
      subject: row.subject ?? undefined,
      groups: byId(row.groups),
      subgroups: byId(row.subgroups),
      timeSlots: byId(row.timeSlots),
      users: byId(row.users),
      classrooms: byId(row.classrooms),
      lessonTypes: byId(row.lessonTypes),
      requirements: requirementsFrom(row.requirements),
    };
  }
}
