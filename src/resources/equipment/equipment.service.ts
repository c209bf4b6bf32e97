import { Injectable } from '@nestjs/common';
import { TenantDb } from '../../platform/database/tenant-db';
import { ConflictError, NotFoundError } from '../../platform/http/app-error';
import { EquipmentRequest, EquipmentResponse } from './dto/equipment.dto';
import { EQUIPMENT_NAME_TAKEN, EquipmentRepository } from './equipment.repository';

export const EQUIPMENT_NOT_FOUND = 'Оборудование не найдено';

/** The equipment reference list that classrooms pick from. */
@Injectable()
export class EquipmentService {
  constructor(
    private readonly db: TenantDb,
    private readonly equipment: EquipmentRepository,
  ) {}

  list(): Promise<EquipmentResponse[]> {
    return this.equipment.list();
  }

  async create(request: EquipmentRequest): Promise<EquipmentResponse> {
    if (await this.equipment.nameTaken(request.name)) throw new ConflictError(EQUIPMENT_NAME_TAKEN).at('name');
    return this.equipment.insert(request.name);
  }

  /** Deletes the equipment and, in the same transaction, removes it from every classroom. */
  async remove(id: number): Promise<EquipmentResponse> {
    return this.db.transaction(async () => {
      const equipment = await this.equipment.lockForDelete(id);
      if (!equipment) throw new NotFoundError(EQUIPMENT_NOT_FOUND);
      await this.equipment.delete(id);
      return equipment;
    });
  }
}
