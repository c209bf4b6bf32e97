import { Injectable } from '@nestjs/common';
import { TenantDb } from '../../platform/database/tenant-db';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/http/app-error';
import { GridScopesRepository } from '../scopes/grid-scopes.repository';
import { DateAssignmentsRepository } from './date-assignments.repository';
import { DateAssignmentListQuery, DateAssignmentRequest, DateAssignmentResponse } from './dto/date-assignment.dto';

/** Dates on which a manual grid replaces the automatic choice (base or Saturday). */
@Injectable()
export class DateAssignmentsService {
  constructor(
    private readonly db: TenantDb,
    private readonly assignments: DateAssignmentsRepository,
    private readonly scopes: GridScopesRepository,
  ) {}

  list(query: DateAssignmentListQuery): Promise<DateAssignmentResponse[]> {
    if (query.startDate && query.endDate && query.startDate > query.endDate) {
      throw new BadRequestError('Дата начала периода позже даты окончания');
    }
    return this.assignments.list(query.startDate, query.endDate);
  }

  /** One assignment per date; the grid is key-share-locked so that it cannot be deleted meanwhile. */
  async create(request: DateAssignmentRequest): Promise<DateAssignmentResponse> {
    return this.db.transaction(async () => {
      const scope = await this.scopes.lockForReference(request.scopeId);
      if (!scope) throw new BadRequestError(`Сетка с идентификатором ${request.scopeId} не найдена`).at('scopeId');
      if (scope.applyMode !== 'MANUAL') {
        throw new BadRequestError(
          `Сетка «${scope.name}» применяется автоматически; назначить на дату можно только ручную сетку`,
        ).at('scopeId');
      }
      const existing = await this.assignments.findByDate(request.date);
      if (existing) throw new ConflictError(`На ${request.date} уже назначена сетка «${existing.scopeName}»`).at('date');
      return this.assignments.insert(request.date, request.scopeId);
    });
  }

  async remove(id: number): Promise<DateAssignmentResponse> {
    const removed = await this.assignments.delete(id);
    if (!removed) throw new NotFoundError('Назначение сетки на дату не найдено');
    return removed;
  }
}
