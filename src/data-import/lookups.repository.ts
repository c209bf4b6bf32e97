import { Injectable } from '@nestjs/common';
import { bool, int, listOf, NAMED_ROW, nullable, object, rowShape, RowType, text } from '../platform/database/row-shape';
import { TenantDb } from '../platform/database/tenant-db';
import { todayInBusinessZone } from '../platform/http/dates';

const DEPARTMENT = rowShape({ id: int, name: text, code: int });
/** A user with the primary department in effect today (none: null). */
const USER = rowShape({ id: int, username: text, role: text, fullName: text, jobTitle: text, status: text, departmentId: nullable(int) });
const USERNAME = rowShape({ username: text });
const SPECIALTY = rowShape({ id: int, code: text });
const PROFILE = rowShape({ id: int, specialtyId: int, name: text });
const GROUP = rowShape({
  id: int, name: text, groupSize: int, educationFormId: int, departmentId: int, yearStartStudy: int, specialtyId: int, specialtyProfileId: int,
});
const SUBGROUP = rowShape({ id: int, groupId: int, name: text, studentCapacity: int });
const CLASSROOM = rowShape({
  id: int, name: text, capacity: int, building: nullable(text), floor: nullable(int), isAvailable: bool, archived: bool, equipmentIds: listOf(int),
});
const SUBJECT = rowShape({ id: int, name: text, code: nullable(text), departmentId: int, archived: bool });
const TEACHER_SUBJECT = rowShape({ userId: int, subjectId: int });
const VERSION = rowShape({ id: int, semesterId: int, status: text });
const BASE_SLOT = rowShape({ id: int, orderNumber: int });
/** A rule's groups and slots are sub-selects: null when it has none (so are a slot's subgroups). */
const STORED_RULE = rowShape({
  subjectId: int,
  lectureAcademicHours: int,
  laboratoryAcademicHours: int,
  practiceAcademicHours: int,
  lectureStartWeek: int,
  laboratoryStartWeek: int,
  practiceStartWeek: int,
  groupIds: nullable(listOf(int)),
  slots: nullable(listOf(object({
    // Null together in a draft's unplaced slot.
    dayOfWeek: nullable(int),
    parity: text,
    timeSlotId: nullable(int),
    teacherId: int,
    classroomId: nullable(int),
    lessonTypeId: int,
    lessonFormat: text,
    subgroupIds: nullable(listOf(int)),
  }))),
});

export type DepartmentRow = RowType<typeof DEPARTMENT>;
export type UserRow = RowType<typeof USER>;
export type GroupRow = RowType<typeof GROUP>;
export type SubgroupRow = RowType<typeof SUBGROUP>;
export type ClassroomRow = RowType<typeof CLASSROOM>;
export type SubjectRow = RowType<typeof SUBJECT>;
export type NamedRow = RowType<typeof NAMED_ROW>;
export type StoredRule = RowType<typeof STORED_RULE>;

/**
 * The reads an import needs to match rows to stored records by their natural keys, each one query
 * for the whole file (never one per row). Writes go through the features' services.
 */
@Injectable()
export class ImportLookups {
  constructor(private readonly db: TenantDb) {}

  departments(): Promise<DepartmentRow[]> {
    return this.db.rows(DEPARTMENT, `SELECT id, name, code FROM departments`);
  }

  /** Every user with the primary department in effect today. */
  users(): Promise<UserRow[]> {
    return this.db.rows(USER,
      `SELECT u.id, u.username, u.role, u.full_name AS "fullName", u.job_title AS "jobTitle", u.status, pa.department_id AS "departmentId"
         FROM users u
         LEFT JOIN user_department_assignments pa
                ON pa.user_id = u.id AND pa.is_primary AND pa.valid_from <= $1::date AND (pa.valid_to IS NULL OR pa.valid_to >= $1::date)`,
      [todayInBusinessZone()],
    );
  }

  async pendingRequestUsernames(): Promise<Set<string>> {
    const rows = await this.db.rows(USERNAME, `SELECT lower(username) AS username FROM teacher_requests WHERE status = 'PENDING'`);
    return new Set(rows.map((row) => row.username));
  }

  specialties(): Promise<RowType<typeof SPECIALTY>[]> {
    return this.db.rows(SPECIALTY, `SELECT id, code FROM specialties`);
  }

  profiles(): Promise<RowType<typeof PROFILE>[]> {
    return this.db.rows(PROFILE, `SELECT id, specialty_id AS "specialtyId", name FROM specialty_profiles`);
  }

  educationForms(): Promise<NamedRow[]> {
    return this.db.rows(NAMED_ROW, `SELECT id, name FROM education_forms`);
  }

  groups(): Promise<GroupRow[]> {
    return this.db.rows(GROUP,
      `SELECT id, name, group_size AS "groupSize", education_form_id AS "educationFormId", department_id AS "departmentId",
              year_start_study AS "yearStartStudy", specialty_id AS "specialtyId", specialty_profile_id AS "specialtyProfileId"
         FROM study_groups WHERE status = 'ACTIVE'`,
    );
  }

  subgroups(): Promise<SubgroupRow[]> {
    return this.db.rows(SUBGROUP, `SELECT id, group_id AS "groupId", name, student_capacity AS "studentCapacity" FROM subgroups`);
  }

  classrooms(): Promise<ClassroomRow[]> {
    return this.db.rows(CLASSROOM,
      `SELECT c.id, c.name, c.capacity, c.building, c.floor, c.is_available AS "isAvailable", c.archived_at IS NOT NULL AS archived,
              COALESCE(array_agg(ce.equipment_id ORDER BY ce.equipment_id) FILTER (WHERE ce.equipment_id IS NOT NULL), '{}') AS "equipmentIds"
         FROM classrooms c LEFT JOIN classroom_equipments ce ON ce.classroom_id = c.id
        GROUP BY c.id`,
    );
  }

  equipment(): Promise<NamedRow[]> {
    return this.db.rows(NAMED_ROW, `SELECT id, name FROM equipments`);
  }

  subjects(): Promise<SubjectRow[]> {
    return this.db.rows(SUBJECT,
      `SELECT id, name, code, department_id AS "departmentId", archived_at IS NOT NULL AS archived FROM subjects`,
    );
  }

  async teacherSubjectLinks(): Promise<Set<string>> {
    const rows = await this.db.rows(TEACHER_SUBJECT, `SELECT user_id AS "userId", subject_id AS "subjectId" FROM teacher_subjects`);
    return new Set(rows.map((row) => `${row.userId}:${row.subjectId}`));
  }

  version(id: number): Promise<RowType<typeof VERSION>[]> {
    return this.db.rows(VERSION, `SELECT id, semester_id AS "semesterId", status FROM schedule_versions WHERE id = $1`, [id]);
  }

  /** Slots of the base grid (DEFAULT scope) by their order number. */
  baseSlots(): Promise<RowType<typeof BASE_SLOT>[]> {
    return this.db.rows(BASE_SLOT,
      `SELECT s.id, s.order_number AS "orderNumber" FROM time_slots s JOIN time_grid_scopes g ON g.id = s.scope_id WHERE g.apply_mode = 'DEFAULT'`,
    );
  }

  lessonTypes(): Promise<NamedRow[]> {
    return this.db.rows(NAMED_ROW, `SELECT id, name FROM lesson_types`);
  }

  /** Every active rule of a version with its groups and slots, for matching re-imported rules by content. */
  storedRules(versionId: number): Promise<StoredRule[]> {
    return this.db.rows(STORED_RULE,
      `SELECT r.subject_id AS "subjectId", r.lecture_hours AS "lectureAcademicHours", r.laboratory_hours AS "laboratoryAcademicHours",
              r.practice_hours AS "practiceAcademicHours", r.lecture_start_week AS "lectureStartWeek",
              r.laboratory_start_week AS "laboratoryStartWeek", r.practice_start_week AS "practiceStartWeek",
              (SELECT array_agg(g.group_id) FROM schedule_rule_groups g WHERE g.rule_id = r.id) AS "groupIds",
              (SELECT json_agg(json_build_object('dayOfWeek', s.day_of_week, 'parity', s.parity, 'timeSlotId', s.time_slot_id,
                        'teacherId', s.teacher_id, 'classroomId', s.classroom_id, 'lessonTypeId', s.lesson_type_id,
                        'lessonFormat', s.lesson_format,
                        'subgroupIds', (SELECT array_agg(ss.subgroup_id) FROM schedule_rule_slot_subgroups ss WHERE ss.slot_id = s.id)))
                 FROM schedule_rule_slots s WHERE s.rule_id = r.id) AS slots
         FROM schedule_rules r
        WHERE r.schedule_version_id = $1 AND r.status = 'ACTIVE'`,
      [versionId],
    );
  }
}
