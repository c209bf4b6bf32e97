import { Injectable } from '@nestjs/common';
import { TenantDb } from '../../platform/database/tenant-db';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/http/app-error';
import { GridScopeRow, GridScopesRepository } from '../scopes/grid-scopes.repository';
import { durationMinutes, secondsOfDay, shortTime } from '../shared/time-of-day';
import { SlotUsage } from '../slot-usage';
import { TimeSlotRequest, TimeSlotResponse } from './dto/time-slot.dto';
import { SlotFields, TimeSlotRow, TimeSlotsRepository } from './time-slots.repository';

export const SLOT_NOT_FOUND = 'Пара не найдена';

export function toSlotResponse(row: TimeSlotRow): TimeSlotResponse {
  return { ...row, durationMinutes: durationMinutes(row.startTime, row.endTime) };
}

const interval = (slot: { startTime: string; endTime: string }) => `${shortTime(slot.startTime)}–${shortTime(slot.endTime)}`;

/** Slots of the grids. Every change holds the lock of the grids it touches (see GridScopesRepository). */
@Injectable()
export class TimeSlotsService {
  constructor(
    private readonly db: TenantDb,
    private readonly slots: TimeSlotsRepository,
    private readonly scopes: GridScopesRepository,
    private readonly slotUsage: SlotUsage,
  ) {}

  async list(scopeId?: number): Promise<TimeSlotResponse[]> {
    return (await this.slots.list(scopeId)).map(toSlotResponse);
  }

  async create(request: TimeSlotRequest): Promise<TimeSlotResponse> {
    const fields = toFields(request);
    return this.db.transaction(async () => {
      const scope = (await this.scopes.lockForChange([fields.scopeId])).get(fields.scopeId);
      if (!scope) throw scopeNotFound(fields.scopeId);
      await this.ensureNoClash(scope, fields);
      return toSlotResponse(await this.slots.insert(fields));
    });
  }

  /** Changes number, times or grid. A base slot the schedule uses must stay in the base grid. */
  async update(id: number, request: TimeSlotRequest): Promise<TimeSlotResponse> {
    const fields = toFields(request);
    return this.db.transaction(async () => {
      const { slot, scopes } = await this.lockSlot(id, fields.scopeId);
      const target = scopes.get(fields.scopeId);
      if (!target) throw scopeNotFound(fields.scopeId);
      if (slot.scopeApplyMode === 'DEFAULT' && slot.scopeId !== fields.scopeId) {
        const references = await this.slotUsage.count([id]);
        if (references > 0) {
          throw new ConflictError(
            `Пару №${slot.orderNumber} основной сетки используют правила расписания (${references}): её нельзя перенести в другую сетку`,
          );
        }
      }
      await this.ensureNoClash(target, fields, id);
      return toSlotResponse(await this.slots.update(id, fields));
    });
  }

  /** Deletes an unused slot and answers it. A slot the schedule refers to is a 400 (spec 7). */
  async remove(id: number): Promise<TimeSlotResponse> {
    return this.db.transaction(async () => {
      const { slot } = await this.lockSlot(id);
      const references = await this.slotUsage.count([id]);
      if (references > 0) {
        throw new BadRequestError(
          `Нельзя удалить пару №${slot.orderNumber} сетки «${slot.scopeName}»: её используют правила расписания (${references})`,
        );
      }
      await this.slots.delete(id);
      return toSlotResponse(slot);
    });
  }

  /**
   * Locks the slot's grid (and `otherScopeId`'s) before the slot itself, in the same order as slot
   * creation and grid deletion do, so that no two changes deadlock. A slot moved by a concurrent
   * request between the two reads is reported as a concurrent change.
   */
  private async lockSlot(id: number, otherScopeId?: number) {
    const seen = await this.slots.findById(id);
    if (!seen) throw new NotFoundError(SLOT_NOT_FOUND);
    const ids = otherScopeId === undefined ? [seen.scopeId] : [seen.scopeId, otherScopeId];
    const scopes = await this.scopes.lockForChange(ids);
    const slot = await this.slots.findById(id, true);
    if (!slot) throw new NotFoundError(SLOT_NOT_FOUND);
    if (slot.scopeId !== seen.scopeId) throw new ConflictError('Пару одновременно изменил другой запрос, повторите попытку');
    return { slot, scopes };
  }

  private async ensureNoClash(scope: GridScopeRow, fields: SlotFields, exceptId?: number): Promise<void> {
    const clashes = await this.slots.clashes(fields, exceptId);
    const sameNumber = clashes.find((slot) => slot.orderNumber === fields.orderNumber);
    if (sameNumber) {
      throw new ConflictError(`В сетке «${scope.name}» уже есть пара №${sameNumber.orderNumber} (${interval(sameNumber)})`).at('orderNumber');
    }
    const overlapping = clashes[0];
    if (overlapping) {
      throw new ConflictError(
        `Время ${interval(fields)} пересекается с парой №${overlapping.orderNumber} (${interval(overlapping)}) сетки «${scope.name}»`,
      ).at('startTime');
    }
  }
}

/** Checks the interval; `durationMinutes` never comes from the client. */
function toFields(request: TimeSlotRequest): SlotFields {
  const { orderNumber, scopeId, startTime, endTime } = request;
  const seconds = secondsOfDay(endTime) - secondsOfDay(startTime);
  if (seconds <= 0) throw new BadRequestError('Время начала пары должно быть раньше времени окончания').at('endTime');
  if (seconds < 60) throw new BadRequestError('Пара должна длиться не менее одной минуты').at('startTime');
  return { orderNumber, scopeId, startTime, endTime };
}

function scopeNotFound(id: number): BadRequestError {
  return new BadRequestError(`Сетка с идентификатором ${id} не найдена`).at('scopeId');
}
