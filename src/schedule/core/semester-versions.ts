import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../../platform/database/constraint-messages';
import { ID_ROW } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';

defineConstraintMessages({
  fk_schedule_versions_semester: 'Семестр не найден или удалён',
  uq_schedule_versions_number: 'Версия расписания с таким номером в семестре уже существует',
  uq_schedule_versions_published: 'В семестре уже есть опубликованная версия расписания',
});

/** What every new semester starts with: its published version 1 without rules. */
export const FIRST_VERSION_NAME = 'Основное расписание';

/**
 * A semester's schedule versions at its birth and its deletion. Semesters belong to academic years,
 * the versions and their history to the schedule (one owner per table): the academic years call these
 * inside their own transaction, which the ambient `TenantDb` joins.
 */
@Injectable()
export class SemesterVersions {
  constructor(private readonly db: TenantDb) {}

  /** Version 1 of a new semester: PUBLISHED, «Основное расписание», no rules, created and published by `authorId`. */
  async createFirst(semesterId: number, authorId: number): Promise<void> {
    const [version] = await this.db.rows(ID_ROW, `INSERT INTO schedule_versions (semester_id, version_number, name, status, created_by, published_at, published_by)
       VALUES ($1, 1, $2, 'PUBLISHED', $3, now(), $3) RETURNING id`,
      [semesterId, FIRST_VERSION_NAME, authorId],
    );
    // The version history starts here: version 1 is created and published at once, by the semester's author.
    await this.db.execute(`INSERT INTO schedule_version_events (semester_id, schedule_version_id, event_type, actor_id)
       VALUES ($1, $2, 'CREATE', $3), ($1, $2, 'PUBLISH', $3)`,
      [semesterId, version.id, authorId],
    );
  }

  /** Deletes the versions and version history of semesters about to be deleted (the caller checked that no rule uses them). */
  async deleteOf(semesterIds: readonly number[]): Promise<void> {
    if (semesterIds.length === 0) return;
    await this.db.execute(`DELETE FROM schedule_version_events WHERE semester_id = ANY($1::int[])`, [semesterIds]);
    await this.db.execute(`DELETE FROM schedule_versions WHERE semester_id = ANY($1::int[])`, [semesterIds]);
  }
}
