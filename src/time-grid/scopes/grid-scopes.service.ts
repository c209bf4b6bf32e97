import { Injectable } from '@nestjs/common';
import { TenantDb } from '../../platform/database/tenant-db';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/http/app-error';
import { plural } from '../../platform/http/russian';
import { SlotUsage } from '../slot-usage';
import { GridScopeRequest, GridScopeResponse } from './dto/grid-scope.dto';
import { GRID_NAME_TAKEN, GridScopeRow, GridScopesRepository } from './grid-scopes.repository';

export const GRID_NOT_FOUND = 'Сетка не найдена';

export function toScopeResponse(row: GridScopeRow): GridScopeResponse {
  return { id: row.id, name: row.name, scopeApplyMode: row.applyMode, slotCount: row.slotCount };
}

/** The grids: the seeded base and Saturday grids and any number of manual ones. */
@Injectable()
export class GridScopesService {
  constructor(
    private readonly db: TenantDb,
    private readonly scopes: GridScopesRepository,
    private readonly slotUsage: SlotUsage,
  ) {}

  async list(): Promise<GridScopeResponse[]> {
    return (await this.scopes.list()).map(toScopeResponse);
  }

  async create(request: GridScopeRequest): Promise<GridScopeResponse> {
    if (await this.scopes.nameTaken(request.name)) throw new ConflictError(GRID_NAME_TAKEN).at('name');
    return toScopeResponse(await this.scopes.insertManual(request.name));
  }

  /** Renames any grid, the automatic ones included; the apply mode never changes. */
  async rename(id: number, request: GridScopeRequest): Promise<GridScopeResponse> {
    return this.db.transaction(async () => {
      const scope = (await this.scopes.lockForChange([id])).get(id);
      if (!scope) throw new NotFoundError(GRID_NOT_FOUND);
      if (await this.scopes.nameTaken(request.name, id)) throw new ConflictError(GRID_NAME_TAKEN).at('name');
      await this.scopes.rename(id, request.name);
      return toScopeResponse({ ...scope, name: request.name });
    });
  }

  /** Deletes a manual grid with its slots and date assignments; answers the deleted grid. */
  async remove(id: number): Promise<GridScopeResponse> {
    return this.db.transaction(async () => {
      const scope = (await this.scopes.lockForChange([id])).get(id);
      if (!scope) throw new NotFoundError(GRID_NOT_FOUND);
      if (scope.applyMode === 'DEFAULT') throw new BadRequestError('Основную сетку удалить нельзя');
      if (scope.applyMode === 'SATURDAY') {
        throw new BadRequestError('Субботнюю сетку удалить нельзя; без пар она не применяется, и в субботу действует основная');
      }
      const references = await this.slotUsage.count(await this.scopes.slotIds(id));
      if (references > 0) {
        throw new ConflictError(
          `Нельзя удалить сетку «${scope.name}»: её пары используются в расписании (${references} ${plural(references, 'ссылка', 'ссылки', 'ссылок')})`,
        );
      }
      await this.scopes.delete(id);
      return toScopeResponse(scope);
    });
  }
}
