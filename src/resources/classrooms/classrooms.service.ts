import { Injectable } from '@nestjs/common';
import { TenantDb } from '../../platform/database/tenant-db';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/http/app-error';
import { EndedRulesField, endedRulesField, RulesOfArchived } from '../../platform/rules-of-archived';
import { EquipmentRepository } from '../equipment/equipment.repository';
import { CLASSROOM_NAME_TAKEN, ClassroomFields, ClassroomsRepository } from './classrooms.repository';
import { ClassroomRequest, ClassroomResponse, ClassroomUpdateRequest } from './dto/classroom.dto';

export const CLASSROOM_NOT_FOUND = 'Аудитория не найдена';

/** An empty building means "not stated", stored as null. */
function building(value: string | null | undefined): string | null {
  return value ? value : null;
}

/**
 * Classrooms: created, partially updated, archived and restored, never deleted. Archived rooms stay
 * in history and past schedules but are left out of the default list, so they are not offered.
 */
@Injectable()
export class ClassroomsService {
  constructor(
    private readonly db: TenantDb,
    private readonly classrooms: ClassroomsRepository,
    private readonly equipment: EquipmentRepository,
    private readonly rulesOfArchived: RulesOfArchived,
  ) {}

  list(includeArchived: boolean): Promise<ClassroomResponse[]> {
    return this.classrooms.list(includeArchived);
  }

  async create(request: ClassroomRequest): Promise<ClassroomResponse> {
    return this.db.transaction(async () => {
      const equipmentIds = await this.checkEquipment(request.equipmentIds ?? []);
      if (await this.classrooms.nameTaken(request.name)) throw new ConflictError(CLASSROOM_NAME_TAKEN).at('name');
      const id = await this.classrooms.insert({
        name: request.name,
        capacity: request.capacity,
        building: building(request.building),
        floor: request.floor ?? null,
        isAvailable: request.isAvailable ?? true,
      });
      await this.classrooms.replaceEquipment(id, equipmentIds);
      return this.load(id);
    });
  }

  /** Changes only the supplied fields; archived rooms may be corrected too. */
  async update(id: number, request: ClassroomUpdateRequest): Promise<ClassroomResponse> {
    return this.db.transaction(async () => {
      const current = await this.classrooms.lockForUpdate(id);
      if (!current) throw new NotFoundError(CLASSROOM_NOT_FOUND);
      const equipmentIds = request.equipmentIds && (await this.checkEquipment(request.equipmentIds));
      if (request.name !== undefined && (await this.classrooms.nameTaken(request.name, id))) {
        throw new ConflictError(CLASSROOM_NAME_TAKEN).at('name');
      }
      const fields: ClassroomFields = {
        name: request.name ?? current.name,
        capacity: request.capacity ?? current.capacity,
        building: request.building === undefined ? current.building : building(request.building),
        floor: request.floor === undefined ? current.floor : request.floor,
        isAvailable: request.isAvailable ?? current.isAvailable,
      };
      await this.classrooms.update(id, fields);
      if (equipmentIds) await this.classrooms.replaceEquipment(id, equipmentIds);
      return this.load(id);
    });
  }

  /** Archives the room; the schedule rules' slots in it end from `effectiveFrom` (tomorrow by default), their past kept (issue 53). */
  async archive(id: number, effectiveFrom?: string): Promise<ClassroomResponse & EndedRulesField> {
    await this.load(id);
    const endedRules = await this.rulesOfArchived.end({ kind: 'CLASSROOM', id }, effectiveFrom);
    return { ...(await this.setArchived(id, true)), ...endedRulesField(endedRules) };
  }

  async restore(id: number): Promise<ClassroomResponse> {
    return this.setArchived(id, false);
  }

  private async setArchived(id: number, archived: boolean): Promise<ClassroomResponse> {
    if (!(await this.classrooms.setArchived(id, archived))) throw new NotFoundError(CLASSROOM_NOT_FOUND);
    return this.load(id);
  }

  /** The distinct requested ids, all of which must name existing equipment (400 otherwise). */
  private async checkEquipment(ids: readonly number[]): Promise<number[]> {
    const distinct = [...new Set(ids)];
    const missing = await this.equipment.missing(distinct);
    if (missing.length > 0) throw new BadRequestError(`Оборудование не найдено: ${missing.join(', ')}`).at('equipmentIds');
    return distinct;
  }

  private async load(id: number): Promise<ClassroomResponse> {
    const classroom = await this.classrooms.get(id);
    if (!classroom) throw new NotFoundError(CLASSROOM_NOT_FOUND);
    return classroom;
  }
}
