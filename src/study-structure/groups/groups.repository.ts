import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../../platform/database/constraint-messages';
import { bool, ID_ROW, int, nullable, oneOf, rowShape, RowType, text, TOTAL_ROW } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { SqlParams } from '../../platform/database/sql';
import { GroupSort } from './dto/group-queries.dto';
import { GROUP_STATUSES } from './dto/group.dto';
import { BY_NAME, currentGroups, GROUP_FROM, GROUP_ROW, GROUP_SELECT, GroupRow, matchesGroupText, studyingGroups } from './group-rows';

defineConstraintMessages({
  fk_study_groups_education_form: 'Форма обучения используется группами или уже удалена',
  fk_study_groups_department: 'Кафедра используется группами или уже удалена',
  fk_study_groups_specialty: 'Специальность используется группами или уже удалена',
  fk_study_groups_profile: 'Профиль специальности используется группами, удалён или не относится к специальности',
});

export interface GroupFields {
  name: string;
  groupSize: number;
  educationFormId: number;
  departmentId: number;
  yearStartStudy: number;
  specialtyId: number;
  specialtyProfileId: number;
}

export interface GroupPageFilter {
  query?: string;
  educationFormIds?: number[];
  /** Undefined means every department. */
  departmentIds?: number[];
  yearsStartStudy?: number[];
  includeArchived: boolean;
}

export interface GroupOptionsFilter {
  query?: string;
  departmentId?: number;
  selectedId?: number;
  limit: number;
}

/** The group columns that decide changes to it and its subgroups. */
const LOCKED_COLUMNS = `id, name, department_id AS "departmentId", group_size AS "groupSize", status`;
const LOCKED_GROUP = rowShape({ id: int, name: text, departmentId: int, groupSize: int, status: oneOf(...GROUP_STATUSES) });

export type LockedGroup = RowType<typeof LOCKED_GROUP>;

/** Which referenced rows of a group body exist (locked FOR KEY SHARE until commit). */
export interface GroupReferences {
  educationForm: boolean;
  specialty: boolean;
  /** The specialty the profile belongs to; undefined when there is no such profile. */
  profileSpecialtyId?: number;
}

/** The profile's specialty is NULL when the profile does not exist (a scalar subquery over no row). */
const REFERENCES_ROW = rowShape({ form: bool, specialty: bool, profileSpecialtyId: nullable(int) });

const SORT_KEYS: Record<GroupSort, string> = {
  name: 'lower(g.name)',
  yearStartStudy: 'g.year_start_study',
  groupSize: 'g.group_size',
  status: 'g.status',
};

/** SQL over `study_groups`; every list is one query (plus a count for pages). */
@Injectable()
export class GroupsRepository {
  constructor(private readonly db: TenantDb) {}

  /** Current groups (or all), optionally of one department, by name. */
  list(today: string, includeArchived: boolean, departmentId?: number): Promise<GroupRow[]> {
    const params = new SqlParams();
    const where: string[] = [];
    if (!includeArchived) where.push(currentGroups(params, today));
    if (departmentId !== undefined) where.push(`g.department_id = ${params.add(departmentId)}`);
    const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    return this.db.rows(GROUP_ROW, `${GROUP_SELECT} ${whereSql} ORDER BY ${BY_NAME}`, params.values);
  }

  async page(
    today: string,
    filter: GroupPageFilter,
    order: { sort: GroupSort; direction: 'asc' | 'desc' },
    offset: number,
    limit: number,
  ): Promise<{ rows: GroupRow[]; total: number }> {
    const params = new SqlParams();
    const where: string[] = [];
    if (!filter.includeArchived) where.push(currentGroups(params, today));
    if (filter.query) where.push(matchesGroupText(params, filter.query));
    if (filter.educationFormIds?.length) where.push(`g.education_form_id = ANY(${params.add(filter.educationFormIds)}::int[])`);
    if (filter.departmentIds?.length) where.push(`g.department_id = ANY(${params.add(filter.departmentIds)}::int[])`);
    if (filter.yearsStartStudy?.length) where.push(`g.year_start_study = ANY(${params.add(filter.yearsStartStudy)}::int[])`);
    const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const countValues = [...params.values];

    const direction = order.direction === 'desc' ? 'DESC' : 'ASC';
    const pageSql = `${GROUP_SELECT} ${whereSql}
      ORDER BY ${SORT_KEYS[order.sort]} ${direction}, ${BY_NAME}
      LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`;
    const [rows, counted] = await Promise.all([
      this.db.rows(GROUP_ROW, pageSql, params.values),
      this.db.rows(TOTAL_ROW, `SELECT count(*) AS total ${GROUP_FROM} ${whereSql}`, countValues),
    ]);
    return { rows, total: counted[0].total };
  }

  /**
   * Up to `limit` studying groups matching the text, plus the selected one when it is a studying
   * group in the same department scope (so a picker can show its current value). By name.
   */
  options(today: string, filter: GroupOptionsFilter): Promise<GroupRow[]> {
    const params = new SqlParams();
    const scope = [studyingGroups(params, today)];
    if (filter.departmentId !== undefined) scope.push(`g.department_id = ${params.add(filter.departmentId)}`);
    const scopeSql = scope.join(' AND ');
    const matching = filter.query ? `${scopeSql} AND ${matchesGroupText(params, filter.query)}` : scopeSql;

    let sql = `(${GROUP_SELECT} WHERE ${matching} ORDER BY ${BY_NAME} LIMIT ${params.add(filter.limit)})`;
    if (filter.selectedId !== undefined) sql += ` UNION (${GROUP_SELECT} WHERE ${scopeSql} AND g.id = ${params.add(filter.selectedId)})`;
    return this.db.rows(GROUP_ROW, `SELECT * FROM (${sql}) AS found ORDER BY lower(found.name), found.id`, params.values);
  }

  async findRow(id: number): Promise<GroupRow | undefined> {
    const sql = `${GROUP_SELECT} WHERE g.id = $1`;
    const rows = await this.db.rows(GROUP_ROW, sql, [id]);
    return rows[0];
  }

  async findGroup(id: number): Promise<LockedGroup | undefined> {
    return (await this.db.rows(LOCKED_GROUP, `SELECT ${LOCKED_COLUMNS} FROM study_groups WHERE id = $1`, [id]))[0];
  }

  /** Locks the group row until commit: group updates and subgroup changes of one group run one at a time. */
  async lockForChange(id: number): Promise<LockedGroup | undefined> {
    return (await this.db.rows(LOCKED_GROUP, `SELECT ${LOCKED_COLUMNS} FROM study_groups WHERE id = $1 FOR UPDATE`, [id]))[0];
  }

  /** Checks the form, specialty and profile of a group body and holds them until commit. */
  async lockReferences(fields: GroupFields): Promise<GroupReferences> {
    const [row] = await this.db.rows(REFERENCES_ROW, `WITH f AS (SELECT id FROM education_forms WHERE id = $1 FOR KEY SHARE),
            s AS (SELECT id FROM specialties WHERE id = $2 FOR KEY SHARE),
            p AS (SELECT specialty_id FROM specialty_profiles WHERE id = $3 FOR KEY SHARE)
       SELECT EXISTS (SELECT 1 FROM f) AS form, EXISTS (SELECT 1 FROM s) AS specialty,
              (SELECT specialty_id FROM p) AS "profileSpecialtyId"`,
      [fields.educationFormId, fields.specialtyId, fields.specialtyProfileId],
    );
    return { educationForm: row.form, specialty: row.specialty, profileSpecialtyId: row.profileSpecialtyId ?? undefined };
  }

  async insert(fields: GroupFields): Promise<number> {
    const rows = await this.db.rows(ID_ROW, `INSERT INTO study_groups (name, group_size, education_form_id, department_id, year_start_study, specialty_id, specialty_profile_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      fieldValues(fields),
    );
    return rows[0].id;
  }

  async update(id: number, fields: GroupFields): Promise<void> {
    await this.db.execute(`UPDATE study_groups
          SET name = $1, group_size = $2, education_form_id = $3, department_id = $4, year_start_study = $5,
              specialty_id = $6, specialty_profile_id = $7, updated_at = now()
        WHERE id = $8`,
      [...fieldValues(fields), id],
    );
  }

  /**
   * Archives an active group, `activeTo` its last active day (its lessons up to it still count in
   * the workload and the department's search); an archived one keeps its original archived_at and day.
   */
  async archive(id: number, activeTo: string): Promise<void> {
    await this.db.execute(
      `UPDATE study_groups SET status = 'ARCHIVED', archived_at = now(), active_to = $2::date, updated_at = now() WHERE id = $1 AND status = 'ACTIVE'`,
      [id, activeTo],
    );
  }

  async restore(id: number): Promise<void> {
    await this.db.execute(`UPDATE study_groups SET status = 'ACTIVE', archived_at = NULL, active_to = NULL, updated_at = now() WHERE id = $1 AND status = 'ARCHIVED'`, [
      id,
    ]);
  }
}

function fieldValues(fields: GroupFields): unknown[] {
  return [
    fields.name,
    fields.groupSize,
    fields.educationFormId,
    fields.departmentId,
    fields.yearStartStudy,
    fields.specialtyId,
    fields.specialtyProfileId,
  ];
}
