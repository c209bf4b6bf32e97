import { Injectable } from '@nestjs/common';
import { bool, int, listOf, object, rowShape, text } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';

/** The room a one-off change leaves its lesson in, with what it holds and what the lesson needs. */
const ROOM_USE = rowShape({
  overrideId: int,
  lessonFormat: text,
  placesRoom: bool,
  roomName: text,
  capacity: int,
  equipmentIds: listOf(int),
  students: int,
  needed: listOf(object({ id: int, name: text })),
});

export type RoomUseRow = ReturnType<typeof ROOM_USE.check>[number];

/** What a lesson of a rule slot asks of any room: seats for its students and its subject's equipment. */
const ROOM_NEEDS = rowShape({ students: int, needed: listOf(object({ id: int, name: text })) });

/** Students of the slot `s` of rule `ru` (each group whole, or its subgroup where the slot names one). */
const STUDENTS_SQL = `(SELECT COALESCE(sum(COALESCE(
          (SELECT sg.student_capacity FROM schedule_rule_slot_subgroups ss JOIN subgroups sg ON sg.id = ss.subgroup_id
            WHERE ss.slot_id = s.id AND sg.group_id = g.id LIMIT 1),
          g.group_size)), 0)::int
     FROM schedule_rule_groups rg JOIN study_groups g ON g.id = rg.group_id
    WHERE rg.rule_id = s.rule_id)`;

/** The equipment the subject of rule `ru` needs for the lesson type of slot `s`. */
const NEEDED_SQL = `COALESCE((SELECT json_agg(json_build_object('id', e.id, 'name', e.name) ORDER BY e.name, e.id)
            FROM subject_equipment_requirements r JOIN equipments e ON e.id = r.equipment_id
           WHERE r.subject_id = ru.subject_id AND r.lesson_type_id = s.lesson_type_id), '[]')`;

/**
 * Read model «Room warnings» (src/table-owners.ts): for stored one-off changes, the room the lesson
 * ends up in (the new one, else its slot's), its seats and equipment, the students (each group
 * whole, or its subgroup where the slot names one) and the equipment its subject's lessons of that
 * type need; one query for any number of changes, inside the write's transaction (it sees the write).
 * Cancellations use no room and are left out.
 */
@Injectable()
export class RoomWarningsRepository {
  constructor(private readonly db: TenantDb) {}

  load(overrideIds: readonly number[]): Promise<RoomUseRow[]> {
    if (overrideIds.length === 0) return Promise.resolve([]);
    return this.db.rows(
      ROOM_USE,
      `SELECT o.id AS "overrideId",
              COALESCE(o.new_lesson_format, s.lesson_format) AS "lessonFormat",
              (o.action = 'MOVE' OR o.new_classroom_id IS NOT NULL OR o.new_lesson_format IS NOT NULL) AS "placesRoom",
              c.name AS "roomName",
              c.capacity,
              COALESCE((SELECT json_agg(ce.equipment_id) FROM classroom_equipments ce WHERE ce.classroom_id = c.id), '[]') AS "equipmentIds",
              ${STUDENTS_SQL} AS students,
              ${NEEDED_SQL} AS needed
         FROM schedule_overrides o
         JOIN schedule_rule_slots s ON s.id = o.base_rule_slot_id
         JOIN schedule_rules ru ON ru.id = s.rule_id
         JOIN classrooms c ON c.id = COALESCE(o.new_classroom_id, s.classroom_id)
        WHERE o.id = ANY($1::int[]) AND o.action <> 'CANCEL'`,
      [overrideIds],
    );
  }

  /** The seats and equipment a lesson of the rule slot needs (undefined for an unknown slot). */
  async needsOfSlot(slotId: number): Promise<{ students: number; needed: { id: number; name: string }[] } | undefined> {
    const rows = await this.db.rows(
      ROOM_NEEDS,
      `SELECT ${STUDENTS_SQL} AS students, ${NEEDED_SQL} AS needed
         FROM schedule_rule_slots s JOIN schedule_rules ru ON ru.id = s.rule_id
        WHERE s.id = $1`,
      [slotId],
    );
    return rows[0];
  }
}
