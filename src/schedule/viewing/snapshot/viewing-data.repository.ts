import { Injectable } from '@nestjs/common';
import { bool, date, int, listOf, nullable, object, oneOf, rowShape, RowType, text } from '../../../platform/database/row-shape';
import { TenantDb } from '../../../platform/database/tenant-db';
import { OverrideRecord } from '../../../schedule-engine/override-application';
import { LESSON_KINDS } from '../../../schedule-engine/lesson-series';
import { OVERRIDE_RECORD_COLUMNS, OVERRIDE_RECORD_FROM, OVERRIDE_RECORD_JSON, ScheduleDataRepository, toOverrideRecord } from '../../core';
import { ReferenceData } from './reference-data';

const NAMED = { id: int, name: text };
type NamedRow = { id: number; name: string };

const LESSON_TYPE_ROW = rowShape({ id: int, name: text, code: oneOf(...LESSON_KINDS) });

const STAMP = rowShape({ stamp: int });
const VERSION = rowShape({ id: int, semesterId: int, status: text });
const REFERENCE = rowShape({
  groups: listOf(object({ id: int, name: text, departmentId: int, archived: bool, activeTo: nullable(date) })),
  teachers: listOf(object(NAMED)),
  classrooms: listOf(object(NAMED)),
  subgroups: listOf(object(NAMED)),
  lessonTypes: listOf(object(NAMED)),
  activities: listOf(object({ id: int, code: text })),
  departments: listOf(int),
  overrides: listOf(object(OVERRIDE_RECORD_COLUMNS)),
});

// Wide enough for any semester the academic-year rules allow (years 1900..2999).
const ALL_DATES = { from: '0001-01-01', to: '9999-12-31' };

/** The viewing cache's own reads: the data stamp and the tenant-wide reference data. */
@Injectable()
export class ViewingDataRepository {
  constructor(
    private readonly db: TenantDb,
    private readonly data: ScheduleDataRepository,
  ) {}

  /** The schedule data stamp: grows with every committed change of schedule-relevant data. */
  async stamp(): Promise<number> {
    const [row] = await this.db.rows(STAMP, `SELECT stamp FROM schedule_data_stamp WHERE id = 1`);
    if (!row) throw new Error('schedule_data_stamp has no row');
    return Number(row.stamp);
  }

  /** Semesters plus every name and scope and the published versions' one-off changes (two queries, run together). */
  async reference(): Promise<ReferenceData> {
    const [semesters, [row]] = await Promise.all([
      this.data.semestersOverlapping(ALL_DATES.from, ALL_DATES.to),
      this.db.rows(
        REFERENCE,
        `SELECT
           COALESCE((SELECT json_agg(json_build_object('id', id, 'name', name, 'departmentId', department_id, 'archived', status = 'ARCHIVED',
                                             'activeTo', CASE WHEN status = 'ARCHIVED' THEN active_to END))
                       FROM study_groups), '[]') AS groups,
           COALESCE((SELECT json_agg(json_build_object('id', id, 'name', full_name)) FROM users
                      WHERE role = 'TEACHER' OR id IN (SELECT teacher_id FROM schedule_rule_slots)), '[]') AS teachers,
           COALESCE((SELECT json_agg(json_build_object('id', id, 'name', name)) FROM classrooms), '[]') AS classrooms,
           COALESCE((SELECT json_agg(json_build_object('id', id, 'name', name)) FROM subgroups), '[]') AS subgroups,
           COALESCE((SELECT json_agg(json_build_object('id', id, 'name', name)) FROM lesson_types), '[]') AS "lessonTypes",
           COALESCE((SELECT json_agg(json_build_object('id', id, 'code', code)) FROM activity_types), '[]') AS activities,
           COALESCE((SELECT json_agg(id) FROM departments), '[]') AS departments,
           COALESCE((SELECT json_agg(${OVERRIDE_RECORD_JSON} ORDER BY o.id) ${OVERRIDE_RECORD_FROM}
                      WHERE o.schedule_version_id IN (SELECT id FROM schedule_versions WHERE status = 'PUBLISHED')), '[]') AS overrides`,
      ),
    ]);
    const names = (rows: NamedRow[]) => new Map(rows.map((item) => [item.id, item.name]));
    return {
      semesters,
      groups: new Map(row.groups.map((group) => [group.id, group])),
      teachers: names(row.teachers),
      classrooms: names(row.classrooms),
      subgroups: names(row.subgroups),
      lessonTypes: names(row.lessonTypes),
      activityCodes: new Map(row.activities.map((activity) => [activity.id, activity.code])),
      departmentIds: new Set(row.departments),
      overridesByVersion: byVersion(row.overrides.map(toOverrideRecord)),
    };
  }

  /** A version of any status: what its lessons are laid out for. */
  async version(id: number): Promise<RowType<typeof VERSION> | undefined> {
    return (await this.db.rows(VERSION, `SELECT id, semester_id AS "semesterId", status FROM schedule_versions WHERE id = $1`, [id]))[0];
  }

  /** The lesson type reference list, by id, with the kind whose hours a rule gives. */
  lessonTypes(): Promise<RowType<typeof LESSON_TYPE_ROW>[]> {
    return this.db.rows(LESSON_TYPE_ROW, `SELECT id, name, code FROM lesson_types ORDER BY id`);
  }
}

function byVersion(overrides: OverrideRecord[]): Map<number, OverrideRecord[]> {
  const index = new Map<number, OverrideRecord[]>();
  for (const override of overrides) {
    const list = index.get(override.versionId);
    if (list) list.push(override);
    else index.set(override.versionId, [override]);
  }
  return index;
}
