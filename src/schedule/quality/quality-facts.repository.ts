import { Injectable } from '@nestjs/common';
import { date, ID_ROW, int, jsonDocument, listOf, nullable, object, oneOf, rowShape, text, TOTAL_ROW } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { PREFERENCE_TYPES } from '../../schedule-engine/preference-types';
import { merged, weightsFrom } from './solver-settings.repository';
import { QualityFacts } from '../../schedule-engine/quality';
import { VERSION_STATUSES } from '../core';

/** The version a report is about, with its semester. */
export interface AnalysedVersion {
  semesterId: number;
  semesterLabel: string;
  versionId: number;
  versionNumber: number;
  versionName: string;
  status: 'DRAFT' | 'PUBLISHED' | 'ARCHIVED';
}

// The version is LEFT JOINed: its columns are all null when the semester has no such version.
const SEMESTER_VERSION = rowShape({
  semesterId: int,
  semesterType: oneOf('autumn', 'spring'),
  yearTitle: text,
  versionId: nullable(int),
  versionNumber: nullable(int),
  versionName: nullable(text),
  status: nullable(oneOf(...VERSION_STATUSES)),
});

// json_agg over no rows is NULL.
const NAMED_SIZES = nullable(listOf(object({ id: int, name: text, size: int })));
const FACTS = rowShape({
  classrooms: nullable(listOf(object({ id: int, name: text, capacity: int }))),
  groups: NAMED_SIZES,
  subgroups: NAMED_SIZES,
  teachers: nullable(listOf(object({ id: int, name: text }))),
  wishes: nullable(listOf(object({ teacherId: int, type: oneOf(...PREFERENCE_TYPES), dayOfWeek: nullable(int), pairOrder: nullable(int), date: nullable(date) }))),
  rules: jsonDocument,
  lastPairOrder: nullable(int),
});

const FINGERPRINT = rowShape({ fingerprint: text });
const VERSION_ID = rowShape({ versionId: int });

/**
 * The quality feature's own reads: the analysed version, the sizes and seats the scoring compares,
 * and the teachers' approved wishes of the semester (read here rather than through the preferences
 * feature, which the module boundaries keep apart; the core's availability port knows only the blocks).
 */
@Injectable()
export class QualityFactsRepository {
  constructor(private readonly db: TenantDb) {}

  /** The semester's version `versionId`, or its published one; undefined when either does not exist. */
  async version(semesterId: number, versionId?: number): Promise<{ semesterExists: boolean; version?: AnalysedVersion }> {
    const rows = await this.db.rows(
      SEMESTER_VERSION,
      `SELECT s.id AS "semesterId", s.semester_type AS "semesterType", y.title AS "yearTitle",
              v.id AS "versionId", v.version_number AS "versionNumber", v.name AS "versionName", v.status
         FROM semesters s
         JOIN academic_years y ON y.id = s.academic_year_id
         LEFT JOIN schedule_versions v ON v.semester_id = s.id AND (CASE WHEN $2::int IS NULL THEN v.status = 'PUBLISHED' ELSE v.id = $2 END)
        WHERE s.id = $1`,
      [semesterId, versionId ?? null],
    );
    const [row] = rows;
    if (!row) return { semesterExists: false };
    if (row.versionId === null || row.versionNumber === null || row.versionName === null || row.status === null) return { semesterExists: true };
    const semesterLabel = `${row.yearTitle}, ${row.semesterType === 'autumn' ? 'осенний' : 'весенний'} семестр`;
    return {
      semesterExists: true,
      version: {
        semesterId: row.semesterId,
        semesterLabel,
        versionId: row.versionId,
        versionNumber: row.versionNumber,
        versionName: row.versionName,
        status: row.status,
      },
    };
  }

  /** Seats, group and subgroup sizes, names, the approved wishes of the semester's teachers and the university's weights, in one query. */
  async facts(semesterId: number): Promise<QualityFacts> {
    const [row] = await this.db.rows(
      FACTS,
      `SELECT
         (SELECT json_agg(json_build_object('id', id, 'name', name, 'capacity', capacity)) FROM classrooms) AS classrooms,
         (SELECT json_agg(json_build_object('id', id, 'name', name, 'size', group_size)) FROM study_groups) AS groups,
         (SELECT json_agg(json_build_object('id', id, 'name', name, 'size', student_capacity)) FROM subgroups) AS subgroups,
         (SELECT json_agg(json_build_object('id', id, 'name', full_name)) FROM users WHERE role = 'TEACHER') AS teachers,
         (SELECT json_agg(json_build_object('teacherId', p.teacher_id, 'type', p.preference_type, 'dayOfWeek', p.day_of_week,
                                            'pairOrder', ts.order_number, 'date', p.preference_date))
            FROM teacher_preferences p LEFT JOIN time_slots ts ON ts.id = p.time_slot_id
           WHERE p.semester_id = $1 AND p.status = 'APPROVED') AS wishes,
         coalesce((SELECT settings FROM schedule_solver_settings), '{}'::jsonb) AS rules,
         (SELECT max(ts.order_number) FROM time_slots ts JOIN time_grid_scopes sc ON sc.id = ts.scope_id WHERE sc.apply_mode = 'DEFAULT') AS "lastPairOrder"`,
      [semesterId],
    );
    const byId = <T extends { id: number }, V>(rows: T[] | null, value: (row: T) => V) => new Map((rows ?? []).map((item) => [item.id, value(item)]));
    return {
      classrooms: byId(row.classrooms, (room) => ({ name: room.name, capacity: room.capacity })),
      groups: byId(row.groups, (group) => ({ name: group.name, size: group.size })),
      subgroups: byId(row.subgroups, (subgroup) => ({ name: subgroup.name, size: subgroup.size })),
      teachers: byId(row.teachers, (teacher) => ({ name: teacher.name })),
      wishes: row.wishes ?? [],
      // The base grid's last pair (LAST_PAIRS): the solver's last period of a day is the same pair.
      ...(row.lastPairOrder === null ? {} : { lastPairOrder: row.lastPairOrder }),
      // The university's weights (issue 54 §3): the report and the solver read the same ones.
      ...weightsFrom(merged(row.rules)),
    };
  }

  /**
   * What the score of a semester's version depends on besides its rules' tables: the schedule data
   * stamp (bumped at the commit of any change of rules, overrides, rooms, groups, calendars, grids...)
   * the state of the semester's teacher preferences and the university's weights, which the stamp does not cover.
   */
  async fingerprint(semesterId: number): Promise<string> {
    const [row] = await this.db.rows(
      FINGERPRINT,
      `SELECT (SELECT stamp FROM schedule_data_stamp WHERE id = 1)::text || '/' ||
              coalesce((SELECT md5(string_agg(id || ':' || status || ':' || updated_at, ',' ORDER BY id)) FROM teacher_preferences WHERE semester_id = $1), '') || '/' ||
              coalesce((SELECT updated_at::text FROM schedule_solver_settings), '')
              AS fingerprint`,
      [semesterId],
    );
    return row.fingerprint;
  }

  /** Slots of the version's active rules that a draft holds unplaced (no lessons, so the score does not see them). */
  async unplacedSlotCount(versionId: number): Promise<number> {
    const [row] = await this.db.rows(
      TOTAL_ROW,
      `SELECT count(*)::int AS total FROM schedule_rule_slots sl JOIN schedule_rules r ON r.id = sl.rule_id
        WHERE r.schedule_version_id = $1 AND r.status = 'ACTIVE' AND sl.day_of_week IS NULL`,
      [versionId],
    );
    return row.total;
  }

  /** The rule of a base slot and its version, or undefined. */
  async slotVersion(slotId: number): Promise<{ versionId: number } | undefined> {
    const [row] = await this.db.rows(
      VERSION_ID,
      `SELECT r.schedule_version_id AS "versionId" FROM schedule_rule_slots sl JOIN schedule_rules r ON r.id = sl.rule_id WHERE sl.id = $1`,
      [slotId],
    );
    return row;
  }

  /** The override pinning the lesson `slotId + lessonDate`, if any. */
  async overrideOf(slotId: number, lessonDate: string): Promise<number | undefined> {
    const [row] = await this.db.rows(ID_ROW, `SELECT id FROM schedule_overrides WHERE base_rule_slot_id = $1 AND lesson_date = $2`, [slotId, lessonDate]);
    return row?.id;
  }
}
