import { Injectable } from '@nestjs/common';
import { ClassroomRequest, ClassroomsService, EquipmentRequest, EquipmentService } from '../../resources';
import { boolCell, Column, headerOf, intCell, listCell, nameKey } from '../columns';
import { ImportKind, KindRun, UnitOutcome } from '../import-kind';
import { ClassroomRow, ImportLookups } from '../lookups.repository';
import { validRequest } from '../row-validation';

const COLUMNS: Column[] = [
  { field: 'name', header: 'Аудитория', example: 'А-101', required: true },
  { field: 'capacity', header: 'Вместимость', example: 30, required: true },
  { field: 'building', header: 'Корпус', example: 'Главный корпус' },
  { field: 'floor', header: 'Этаж', example: 1 },
  { field: 'isAvailable', header: 'Доступна', example: 'да', note: 'да или нет; пусто — да' },
  { field: 'equipment', header: 'Оборудование', example: 'Проектор; Компьютеры', note: 'Названия через «;»; новое оборудование добавляется в справочник' },
];

/**
 * Classrooms by name (unique, archived ones included), with their equipment by name: a new room is
 * created, a known one gets the file's fields; equipment missing from the reference list is added to it.
 */
@Injectable()
export class ClassroomsKind implements ImportKind {
  readonly name = 'classrooms' as const;
  readonly columns = COLUMNS;
  readonly roles = ['ADMIN', 'EDUCATION_OFFICE'] as const;

  constructor(
    private readonly lookups: ImportLookups,
    private readonly classrooms: ClassroomsService,
    private readonly equipment: EquipmentService,
  ) {}

  async start(): Promise<KindRun> {
    // One after another: inside the import's transaction all queries share one connection.
    const rooms = await this.lookups.classrooms();
    const equipment = await this.lookups.equipment();
    const roomByName = new Map(rooms.map((room) => [nameKey(room.name), room]));
    const equipmentByName = new Map(equipment.map((item) => [nameKey(item.name), item.id]));

    /** Ids of the named equipment; new names are created and remembered in `added` (kept only if the row is). */
    const equipmentIds = async (names: string[], added: Map<string, number>): Promise<number[]> => {
      const ids: number[] = [];
      for (const name of names) {
        let id = equipmentByName.get(nameKey(name)) ?? added.get(nameKey(name));
        if (id === undefined) {
          const request = await validRequest(EquipmentRequest, { name }, () => headerOf(COLUMNS, 'equipment'));
          id = (await this.equipment.create(request)).id;
          added.set(nameKey(name), id);
        }
        ids.push(id);
      }
      return [...new Set(ids)].sort((a, b) => a - b);
    };

    return {
      key: (unit) => `room:${nameKey(unit.rows[0].values.name ?? '')}`,
      apply: async (unit): Promise<UnitOutcome> => {
        const row = unit.rows[0];
        const fields = {
          name: row.values.name,
          capacity: intCell(row, COLUMNS, 'capacity'),
          building: row.values.building ?? '',
          floor: intCell(row, COLUMNS, 'floor') ?? null,
          isAvailable: boolCell(row, COLUMNS, 'isAvailable') ?? true,
          equipmentIds: [] as number[],
        };
        await validRequest(ClassroomRequest, fields, (property) => headerOf(COLUMNS, property === 'equipmentIds' ? 'equipment' : property));
        const added = new Map<string, number>();
        fields.equipmentIds = await equipmentIds(listCell(row, 'equipment'), added);
        const request = await validRequest(ClassroomRequest, fields, (property) => headerOf(COLUMNS, property));
        const outcome = await this.write(request, roomByName.get(nameKey(request.name)));
        for (const [name, id] of added) equipmentByName.set(name, id);
        return outcome;
      },
    };
  }

  private async write(request: ClassroomRequest, stored: ClassroomRow | undefined): Promise<UnitOutcome> {
    if (!stored) {
      await this.classrooms.create(request);
      return { status: 'CREATED' };
    }
    const same =
      stored.name === request.name &&
      stored.capacity === request.capacity &&
      (stored.building ?? '') === (request.building ?? '') &&
      stored.floor === (request.floor ?? null) &&
      stored.isAvailable === request.isAvailable &&
      stored.equipmentIds.join(',') === (request.equipmentIds ?? []).join(',');
    if (same) return { status: 'UNCHANGED', message: stored.archived ? 'Аудитория в архиве' : undefined };
    await this.classrooms.update(stored.id, request);
    return { status: 'UPDATED' };
  }
}
