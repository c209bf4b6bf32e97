import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../../platform/database/constraint-messages';
import { ID_ROW, NAMED_ROW } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';
import { EquipmentResponse } from './dto/equipment.dto';

export const EQUIPMENT_NAME_TAKEN = 'Оборудование с таким названием уже существует';

defineConstraintMessages({
  uq_equipments_name: EQUIPMENT_NAME_TAKEN,
  fk_classroom_equipments_equipment: 'Оборудование не найдено: возможно, его только что удалили',
});


/** SQL over `equipments`; links to classrooms live in `classroom_equipments`. */
@Injectable()
export class EquipmentRepository {
  constructor(private readonly db: TenantDb) {}

  list(): Promise<EquipmentResponse[]> {
    return this.db.rows(NAMED_ROW, `SELECT id, name FROM equipments ORDER BY lower(name), id`);
  }

  async nameTaken(name: string): Promise<boolean> {
    return (await this.db.execute(`SELECT 1 FROM equipments WHERE lower(name) = lower($1)`, [name])) > 0;
  }

  async insert(name: string): Promise<EquipmentResponse> {
    const [row] = await this.db.rows(NAMED_ROW, `INSERT INTO equipments (name) VALUES ($1) RETURNING id, name`, [name]);
    return row;
  }

  /** Of the given ids, those that name no equipment. */
  async missing(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.rows(ID_ROW, `SELECT wanted.id FROM unnest($1::int[]) AS wanted (id)
        WHERE NOT EXISTS (SELECT 1 FROM equipments e WHERE e.id = wanted.id)
        ORDER BY wanted.id`,
      [ids],
    );
    return rows.map((row) => row.id);
  }

  /** Locks the row (FOR UPDATE): a concurrent classroom change that links it waits or fails. */
  async lockForDelete(id: number): Promise<EquipmentResponse | undefined> {
    const [row] = await this.db.rows(NAMED_ROW, `SELECT id, name FROM equipments WHERE id = $1 FOR UPDATE`, [id]);
    return row;
  }

  /** Detaches the equipment from every classroom, archived ones included, then deletes it. */
  async delete(id: number): Promise<void> {
    await this.db.execute(`DELETE FROM classroom_equipments WHERE equipment_id = $1`, [id]);
    await this.db.execute(`DELETE FROM equipments WHERE id = $1`, [id]);
  }
}
