import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../../platform/database/constraint-messages';
import { bool, int, nullable, rowShape, RowType, text } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { SubjectResponse } from './dto/subject.dto';
import { PlannedSubject } from './import-plan';
import { SUBJECT_IS_REFERENCED_ROW, subjectIsReferencedSql } from './subject-references';

export const SUBJECT_NAME_TAKEN = 'Дисциплина с таким названием уже существует';

defineConstraintMessages({
  uq_subjects_name: SUBJECT_NAME_TAKEN,
  fk_subjects_department: 'Операция невозможна: кафедра отсутствует или за ней закреплены дисциплины',
  fk_subject_comments_subject: 'Дисциплина не найдена: возможно, её только что удалили',
  fk_teacher_subjects_subject: 'Дисциплина не найдена: возможно, её только что удалили',
});

const COLUMNS = `s.id, s.name, s.code, s.department_id AS "departmentId"`;
const STATE_COLUMNS = `${COLUMNS}, s.archived_at IS NOT NULL AS archived`;
const BY_NAME = `lower(s.name), s.id`;
const SUBJECT_FIELDS = { id: int, name: text, code: nullable(text), departmentId: int };
const SUBJECT = rowShape(SUBJECT_FIELDS);
const SUBJECT_STATE = rowShape({ ...SUBJECT_FIELDS, archived: bool });
/** A stored subject that an import names (by its 1-based position in the import list). */
const IMPORT_MATCH = rowShape({ ...SUBJECT_FIELDS, archived: bool, position: int });

export type SubjectState = RowType<typeof SUBJECT_STATE>;
export type ImportMatch = RowType<typeof IMPORT_MATCH>;

/** SQL over `subjects`. */
@Injectable()
export class SubjectsRepository {
  constructor(private readonly db: TenantDb) {}

  /** Non-archived subjects by name, optionally of one department. */
  listActive(departmentId?: number): Promise<SubjectResponse[]> {
    if (departmentId === undefined) {
      return this.db.rows(SUBJECT, `SELECT ${COLUMNS} FROM subjects s WHERE s.archived_at IS NULL ORDER BY ${BY_NAME}`);
    }
    return this.db.rows(SUBJECT,
      `SELECT ${COLUMNS} FROM subjects s WHERE s.archived_at IS NULL AND s.department_id = $1 ORDER BY ${BY_NAME}`,
      [departmentId],
    );
  }

  async find(id: number): Promise<SubjectState | undefined> {
    const [row] = await this.db.rows(SUBJECT_STATE, `SELECT ${STATE_COLUMNS} FROM subjects s WHERE s.id = $1`, [id]);
    return row;
  }

  /**
   * Reads a subject and holds FOR KEY SHARE until commit, so that a concurrent delete waits and then
   * sees the caller's new reference.
   */
  async lockForReference(id: number): Promise<SubjectState | undefined> {
    const [row] = await this.db.rows(SUBJECT_STATE, `SELECT ${STATE_COLUMNS} FROM subjects s WHERE s.id = $1 FOR KEY SHARE`, [id]);
    return row;
  }

  async lockForChange(id: number): Promise<SubjectState | undefined> {
    const [row] = await this.db.rows(SUBJECT_STATE, `SELECT ${STATE_COLUMNS} FROM subjects s WHERE s.id = $1 FOR UPDATE`, [id]);
    return row;
  }

  /** Whether any subject, archived ones included, has this name (case-insensitively). */
  async nameTaken(name: string): Promise<boolean> {
    return (await this.db.execute(`SELECT 1 FROM subjects WHERE lower(name) = lower($1)`, [name])) > 0;
  }

  async insert(subject: { name: string; code: string | null; departmentId: number }): Promise<SubjectResponse> {
    const [row] = await this.db.rows(SUBJECT, `INSERT INTO subjects AS s (name, code, department_id) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
      [subject.name, subject.code, subject.departmentId],
    );
    return row;
  }

  async isReferenced(id: number): Promise<boolean> {
    const [row] = await this.db.rows(SUBJECT_IS_REFERENCED_ROW, subjectIsReferencedSql(), [id]);
    return row.referenced;
  }

  async archive(id: number): Promise<void> {
    await this.db.execute(`UPDATE subjects SET archived_at = coalesce(archived_at, now()), updated_at = now() WHERE id = $1`, [id]);
  }

  async delete(id: number): Promise<void> {
    await this.db.execute(`DELETE FROM subjects WHERE id = $1`, [id]);
  }

  /**
   * Stored subjects (of any department, archived included) named in the import, by position in the
   * list. With `lock` they are locked FOR UPDATE in id order (a stable order avoids deadlocks).
   */
  matchNames(names: readonly string[], lock: boolean): Promise<ImportMatch[]> {
    const tail = lock ? `ORDER BY s.id FOR UPDATE OF s` : `ORDER BY wanted.position`;
    return this.db.rows(IMPORT_MATCH, `SELECT ${STATE_COLUMNS}, wanted.position::int AS position
         FROM unnest($1::text[]) WITH ORDINALITY AS wanted (name, position)
         JOIN subjects s ON lower(s.name) = lower(wanted.name)
        ${tail}`,
      [names],
    );
  }

  /** Replaces the codes of own subjects and restores the archived ones; ids stay. */
  async updateImported(updates: readonly { id: number; code: string | null }[]): Promise<void> {
    if (updates.length === 0) return;
    await this.db.execute(`UPDATE subjects SET code = v.code, archived_at = NULL, updated_at = now()
         FROM unnest($1::int[], $2::text[]) AS v (id, code)
        WHERE subjects.id = v.id`,
      [updates.map((update) => update.id), updates.map((update) => update.code)],
    );
  }

  async insertImported(subjects: readonly PlannedSubject[], departmentId: number): Promise<void> {
    if (subjects.length === 0) return;
    await this.db.execute(`INSERT INTO subjects (name, code, department_id)
       SELECT v.name, v.code, $3 FROM unnest($1::text[], $2::text[]) AS v (name, code)`,
      [subjects.map((subject) => subject.name), subjects.map((subject) => subject.code), departmentId],
    );
  }
}
