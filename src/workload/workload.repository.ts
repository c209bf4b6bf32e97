import { Injectable } from '@nestjs/common';
import { bool, date, ID_ROW, int, listOf, nullable, object, rowShape, RowType, text, tuple } from '../platform/database/row-shape';
import { TenantDb } from '../platform/database/tenant-db';
import { AssignmentPeriod } from './department-attribution';
import { AudienceSizes } from './workload-tallies';

const STAMP = rowShape({ stamp: int });
const NAMED_FIELDS = { id: int, name: text };
const NAMED = rowShape(NAMED_FIELDS);
const TEACHER = rowShape({ ...NAMED_FIELDS, active: bool });
const GROUP_ACTIVE_TO = rowShape({ id: int, activeTo: nullable(date) });
const ASSIGNMENT_PERIOD = rowShape({ id: int, teacherId: int, departmentId: int, primary: bool, validFrom: date, validTo: nullable(date) });
/** `[id, size]` pairs (json_build_array): each checked to be a list of integers. */
/** Pairs of id and number of students. */
const AUDIENCE_SIZES = rowShape({ groups: listOf(tuple(int, int)), subgroups: listOf(tuple(int, int)) });
const ROOM_FIELDS = { ...NAMED_FIELDS, building: nullable(text), floor: nullable(int), capacity: int };
const CLASSROOM = rowShape({ ...ROOM_FIELDS, isAvailable: bool, archived: bool });
const ROOM_WITH_EQUIPMENT = rowShape({ ...ROOM_FIELDS, equipments: listOf(object(NAMED_FIELDS)) });

export type NamedRow = RowType<typeof NAMED>;
export type TeacherRow = RowType<typeof TEACHER>;
export type ClassroomRow = RowType<typeof CLASSROOM>;
export type RoomWithEquipment = RowType<typeof ROOM_WITH_EQUIPMENT>;

/**
 * The workload reports' own reads around the schedule core's lessons: departments and assignment
 * history, teachers, rooms, group sizes. Each method is one query whatever the size of the university.
 */
@Injectable()
export class WorkloadRepository {
  constructor(private readonly db: TenantDb) {}

  /** The schedule data stamp (see the ScheduleDataStamp migration): it moves with every committed schedule change. */
  async dataStamp(): Promise<number> {
    const [row] = await this.db.rows(STAMP, `SELECT stamp FROM schedule_data_stamp WHERE id = 1`);
    return Number(row.stamp);
  }

  async departmentExists(id: number): Promise<boolean> {
    return (await this.db.execute(`SELECT 1 FROM departments WHERE id = $1`, [id])) > 0;
  }

  departments(): Promise<NamedRow[]> {
    return this.db.rows(NAMED, `SELECT id, name FROM departments ORDER BY lower(name), id`);
  }

  /** Every user with the TEACHER role, archived ones too (their past lessons still count). */
  teachers(): Promise<TeacherRow[]> {
    return this.db.rows(TEACHER,
      `SELECT id, full_name AS name, status = 'ACTIVE' AS active FROM users WHERE role = 'TEACHER' ORDER BY lower(full_name), id`,
    );
  }

  /** Primary and additional department assignments of any user overlapping the inclusive period. */
  assignments(startDate: string, endDate: string): Promise<AssignmentPeriod[]> {
    return this.db.rows(ASSIGNMENT_PERIOD,
      `SELECT id, user_id AS "teacherId", department_id AS "departmentId", is_primary AS "primary",
              valid_from AS "validFrom", valid_to AS "validTo"
         FROM user_department_assignments
        WHERE valid_from <= $2::date AND (valid_to IS NULL OR valid_to >= $1::date)`,
      [startDate, endDate],
    );
  }

  /**
   * The groups the reports count (spec 4.16, «all active groups», read as active on the lesson's date):
   * each with its last active day, `null` for a group that is not archived. An archived group counts up
   * to the day before its archive took effect (`active_to`); one without that day (never expected) not at all.
   */
  async groupsActiveTo(): Promise<Map<number, string | null>> {
    const rows = await this.db.rows(GROUP_ACTIVE_TO,
      `SELECT id, CASE WHEN status = 'ACTIVE' THEN NULL ELSE active_to END AS "activeTo"
         FROM study_groups WHERE status = 'ACTIVE' OR active_to IS NOT NULL`,
    );
    return new Map(rows.map((row) => [row.id, row.activeTo]));
  }

  /** Students of each group and subgroup (one query). */
  async audienceSizes(): Promise<AudienceSizes> {
    const [row] = await this.db.rows(AUDIENCE_SIZES,
      `SELECT COALESCE((SELECT json_agg(json_build_array(id, group_size)) FROM study_groups), '[]') AS groups,
              COALESCE((SELECT json_agg(json_build_array(id, student_capacity)) FROM subgroups), '[]') AS subgroups`,
    );
    return { groups: new Map(row.groups), subgroups: new Map(row.subgroups) };
  }

  classrooms(): Promise<ClassroomRow[]> {
    return this.db.rows(CLASSROOM,
      `SELECT id, name, building, floor, capacity, is_available AS "isAvailable", archived_at IS NOT NULL AS archived
         FROM classrooms ORDER BY lower(name), id`,
    );
  }

  /**
   * Rooms open for the schedule (not archived, `isAvailable`) with at least `minCapacity` seats and
   * every piece of `equipmentIds`, smallest first (the room that fits best), then by name.
   */
  openRooms(minCapacity: number, equipmentIds: readonly number[]): Promise<RoomWithEquipment[]> {
    return this.db.rows(ROOM_WITH_EQUIPMENT,
      `SELECT c.id, c.name, c.building, c.floor, c.capacity,
              COALESCE((SELECT json_agg(json_build_object('id', e.id, 'name', e.name) ORDER BY lower(e.name), e.id)
                          FROM classroom_equipments ce JOIN equipments e ON e.id = ce.equipment_id
                         WHERE ce.classroom_id = c.id), '[]') AS equipments
         FROM classrooms c
        WHERE c.archived_at IS NULL AND c.is_available AND c.capacity >= $1
          AND NOT EXISTS (SELECT 1 FROM unnest($2::int[]) need(id)
                           WHERE NOT EXISTS (SELECT 1 FROM classroom_equipments ce WHERE ce.classroom_id = c.id AND ce.equipment_id = need.id))
        ORDER BY c.capacity, lower(c.name), c.id`,
      [minCapacity, equipmentIds],
    );
  }

  /**
   * The base rule slots whose lessons can be on `date` in the version: the active rules' slots of
   * its weekday and the slots of lessons a one-off change moves onto it. Only a narrowing for the
   * schedule core, which still decides where each lesson really is.
   */
  async slotsThatMayLandOn(versionId: number, date: string, dayOfWeek: number): Promise<number[]> {
    const rows = await this.db.rows(ID_ROW,
      `SELECT sl.id FROM schedule_rule_slots sl JOIN schedule_rules r ON r.id = sl.rule_id
        WHERE r.schedule_version_id = $1 AND r.status = 'ACTIVE' AND sl.day_of_week = $3
       UNION
       SELECT o.base_rule_slot_id FROM schedule_overrides o WHERE o.schedule_version_id = $1 AND o.target_lesson_date = $2::date`,
      [versionId, date, dayOfWeek],
    );
    return rows.map((row) => row.id);
  }
}
