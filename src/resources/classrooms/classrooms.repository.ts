import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../../platform/database/constraint-messages';
import { bool, ID_ROW, int, listOf, nullable, object, rowShape, RowType, text } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { ClassroomResponse } from './dto/classroom.dto';

export const CLASSROOM_NAME_TAKEN = 'Аудитория с таким названием уже существует (возможно, в архиве)';

defineConstraintMessages({
  uq_classrooms_name: CLASSROOM_NAME_TAKEN,
  ck_classrooms_capacity_positive: 'Вместимость аудитории должна быть больше 0',
});

/** The stored fields of a classroom, without its equipment. */
export interface ClassroomFields {
  name: string;
  capacity: number;
  building: string | null;
  floor: number | null;
  isAvailable: boolean;
}

const STATE_FIELDS = { id: int, name: text, capacity: int, building: nullable(text), floor: nullable(int), isAvailable: bool };
const CLASSROOM_STATE = rowShape({ ...STATE_FIELDS, archived: bool });
const CLASSROOM = rowShape({ ...STATE_FIELDS, equipments: listOf(object({ id: int, name: text })) });

export type ClassroomState = RowType<typeof CLASSROOM_STATE>;

/**
 * Classrooms with their equipment in one statement: a lateral JSON aggregate per room, so a list costs
 * one query however many rooms it holds. Equipment is sorted by name.
 */
const SELECT_CLASSROOMS = `
  SELECT c.id, c.name, c.capacity, c.building, c.floor, c.is_available AS "isAvailable",
         coalesce(eq.items, '[]'::json) AS equipments
    FROM classrooms c
    LEFT JOIN LATERAL (
      SELECT json_agg(json_build_object('id', e.id, 'name', e.name) ORDER BY lower(e.name), e.id) AS items
        FROM classroom_equipments ce
        JOIN equipments e ON e.id = ce.equipment_id
       WHERE ce.classroom_id = c.id
    ) eq ON true`;

const STATE_COLUMNS = `id, name, capacity, building, floor, is_available AS "isAvailable", archived_at IS NOT NULL AS archived`;

/** SQL over `classrooms` and `classroom_equipments`. */
@Injectable()
export class ClassroomsRepository {
  constructor(private readonly db: TenantDb) {}

  /** Active classrooms by name; archived ones too when asked. */
  list(includeArchived: boolean): Promise<ClassroomResponse[]> {
    const where = includeArchived ? '' : 'WHERE c.archived_at IS NULL';
    return this.db.rows(CLASSROOM, `${SELECT_CLASSROOMS} ${where} ORDER BY lower(c.name), c.id`);
  }

  async get(id: number): Promise<ClassroomResponse | undefined> {
    const [row] = await this.db.rows(CLASSROOM, `${SELECT_CLASSROOMS} WHERE c.id = $1`, [id]);
    return row;
  }

  /** Whether another classroom (archived ones included) has this name, case-insensitively. */
  async nameTaken(name: string, exceptId = 0): Promise<boolean> {
    return (await this.db.execute(`SELECT 1 FROM classrooms WHERE lower(name) = lower($1) AND id <> $2`, [name, exceptId])) > 0;
  }

  async lockForUpdate(id: number): Promise<ClassroomState | undefined> {
    const [row] = await this.db.rows(CLASSROOM_STATE, `SELECT ${STATE_COLUMNS} FROM classrooms WHERE id = $1 FOR UPDATE`, [id]);
    return row;
  }

  async insert(fields: ClassroomFields): Promise<number> {
    const [row] = await this.db.rows(ID_ROW, `INSERT INTO classrooms (name, capacity, building, floor, is_available) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [fields.name, fields.capacity, fields.building, fields.floor, fields.isAvailable],
    );
    return row.id;
  }

  async update(id: number, fields: ClassroomFields): Promise<void> {
    await this.db.execute(`UPDATE classrooms SET name = $2, capacity = $3, building = $4, floor = $5, is_available = $6, updated_at = now()
        WHERE id = $1`,
      [id, fields.name, fields.capacity, fields.building, fields.floor, fields.isAvailable],
    );
  }

  /** Replaces the classroom's whole equipment set. */
  async replaceEquipment(id: number, equipmentIds: readonly number[]): Promise<void> {
    await this.db.execute(`DELETE FROM classroom_equipments WHERE classroom_id = $1`, [id]);
    if (equipmentIds.length === 0) return;
    await this.db.execute(`INSERT INTO classroom_equipments (classroom_id, equipment_id) SELECT $1, unnest($2::int[])`,
      [id, equipmentIds],
    );
  }

  /** Sets or clears the archive mark; an already archived room keeps its original moment. Returns false for an unknown id. */
  async setArchived(id: number, archived: boolean): Promise<boolean> {
    const sql = archived
      ? `UPDATE classrooms SET archived_at = coalesce(archived_at, now()), updated_at = now() WHERE id = $1 RETURNING id`
      : `UPDATE classrooms SET archived_at = NULL, updated_at = now() WHERE id = $1 RETURNING id`;
    return (await this.db.execute(sql, [id])) > 0;
  }
}
