import { Injectable } from '@nestjs/common';
import { TenantDb } from '../platform/database/tenant-db';
import { todayInBusinessZone } from '../platform/http/dates';

export interface DepartmentRow {
  id: number;
  name: string;
  code: number;
}

export interface UserRow {
  id: number;
  username: string;
  role: string;
  fullName: string;
  jobTitle: string;
  status: string;
  departmentId: number | null;
}

export interface GroupRow {
  id: number;
  name: string;
  groupSize: number;
  educationFormId: number;
  departmentId: number;
  yearStartStudy: number;
  specialtyId: number;
  specialtyProfileId: number;
}

export interface SubgroupRow {
  id: number;
  groupId: number;
  name: string;
  studentCapacity: number;
}

export interface ClassroomRow {
  id: number;
  name: string;
  capacity: number;
  building: string | null;
  floor: number | null;
  isAvailable: boolean;
  archived: boolean;
  equipmentIds: number[];
}

export interface SubjectRow {
  id: number;
  name: string;
  code: string | null;
  departmentId: number;
  archived: boolean;
}

export interface NamedRow {
  id: number;
  name: string;
}

/**
 * The reads an import needs to match rows to stored records by their natural keys, each one query
 * for the whole file (never one per row). Writes go through the features' services.
 */
@Injectable()
export class ImportLookups {
  constructor(private readonly db: TenantDb) {}

  departments(): Promise<DepartmentRow[]> {
    return this.db.query(`SELECT id, name, code FROM departments`);
  }

  /** Every user with the primary department in effect today. */
  users(): Promise<UserRow[]> {
    return this.db.query(
      `SELECT u.id, u.username, u.role, u.full_name AS "fullName", u.job_title AS "jobTitle", u.status, pa.department_id AS "departmentId"
         FROM users u
         LEFT JOIN user_department_assignments pa
                ON pa.user_id = u.id AND pa.is_primary AND pa.valid_from <= $1::date AND (pa.valid_to IS NULL OR pa.valid_to >= $1::date)`,
      [todayInBusinessZone()],
    );
  }

  async pendingRequestUsernames(): Promise<Set<string>> {
    const rows = await this.db.query<{ username: string }>(`SELECT lower(username) AS username FROM teacher_requests WHERE status = 'PENDING'`);
    return new Set(rows.map((row) => row.username));
  }

  specialties(): Promise<{ id: number; code: string }[]> {
    return this.db.query(`SELECT id, code FROM specialties`);
  }

  profiles(): Promise<{ id: number; specialtyId: number; name: string }[]> {
    return this.db.query(`SELECT id, specialty_id AS "specialtyId", name FROM specialty_profiles`);
  }

  educationForms(): Promise<NamedRow[]> {
    return this.db.query(`SELECT id, name FROM education_forms`);
  }

  groups(): Promise<GroupRow[]> {
    return this.db.query(
      `SELECT id, name, group_size AS "groupSize", education_form_id AS "educationFormId", department_id AS "departmentId",
              year_start_study AS "yearStartStudy", specialty_id AS "specialtyId", specialty_profile_id AS "specialtyProfileId"
         FROM study_groups WHERE status = 'ACTIVE'`,
    );
  }

  subgroups(): Promise<SubgroupRow[]> {
    return this.db.query(`SELECT id, group_id AS "groupId", name, student_capacity AS "studentCapacity" FROM subgroups`);
  }

  classrooms(): Promise<ClassroomRow[]> {
    return this.db.query(
      `SELECT c.id, c.name, c.capacity, c.building, c.floor, c.is_available AS "isAvailable", c.archived_at IS NOT NULL AS archived,
              COALESCE(array_agg(ce.equipment_id ORDER BY ce.equipment_id) FILTER (WHERE ce.equipment_id IS NOT NULL), '{}') AS "equipmentIds"
         FROM classrooms c LEFT JOIN classroom_equipments ce ON ce.classroom_id = c.id
        GROUP BY c.id`,
    );
  }

  equipment(): Promise<NamedRow[]> {
    return this.db.query(`SELECT id, name FROM equipments`);
  }

  subjects(): Promise<SubjectRow[]> {
    return this.db.query(
      `SELECT id, name, code, department_id AS "departmentId", archived_at IS NOT NULL AS archived FROM subjects`,
    );
  }

  async teacherSubjectLinks(): Promise<Set<string>> {
    const rows = await this.db.query<{ userId: number; subjectId: number }>(`SELECT user_id AS "userId", subject_id AS "subjectId" FROM teacher_subjects`);
    return new Set(rows.map((row) => `${row.userId}:${row.subjectId}`));
  }

  version(id: number): Promise<{ id: number; semesterId: number; status: string }[]> {
    return this.db.query(`SELECT id, semester_id AS "semesterId", status FROM schedule_versions WHERE id = $1`, [id]);
  }

  /** Slots of the base grid (DEFAULT scope) by their order number. */
  baseSlots(): Promise<{ id: number; orderNumber: number }[]> {
    return this.db.query(
      `SELECT s.id, s.order_number AS "orderNumber" FROM time_slots s JOIN time_grid_scopes g ON g.id = s.scope_id WHERE g.apply_mode = 'DEFAULT'`,
    );
  }

  lessonTypes(): Promise<NamedRow[]> {
    return this.db.query(`SELECT id, name FROM lesson_types`);
  }

  /** Every active rule of a version with its groups and slots, for matching re-imported rules by content. */
  storedRules(versionId: number): Promise<StoredRule[]> {
    return this.db.query(
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

export interface StoredRuleSlot {
  dayOfWeek: number;
  parity: string;
  timeSlotId: number;
  teacherId: number;
  classroomId: number;
  lessonTypeId: number;
  lessonFormat: string;
  subgroupIds: number[] | null;
}

export interface StoredRule {
  subjectId: number;
  lectureAcademicHours: number;
  laboratoryAcademicHours: number;
  practiceAcademicHours: number;
  lectureStartWeek: number;
  laboratoryStartWeek: number;
  practiceStartWeek: number;
  groupIds: number[] | null;
  slots: StoredRuleSlot[] | null;
}
