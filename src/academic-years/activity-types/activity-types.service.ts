import { Injectable } from '@nestjs/common';
import { TenantDb } from '../../platform/database/tenant-db';
import { ConflictError, NotFoundError } from '../../platform/http/app-error';
import { usagesOf } from '../../platform/database/usages';
import { activityTypeUsages } from './activity-type-usages';
import { ActivityTypeRow, ActivityTypesRepository, ActivityTypeValues } from './activity-types.repository';
import { ActivityTypeRequest, ActivityTypeResponse } from './dto/activity-type.dto';

export const ACTIVITY_TYPE_NOT_FOUND = 'Код активности не найден';
const CODE_TAKEN = 'Код активности с таким обозначением уже существует';

/** The code of theoretical study: calendar creation fills the grid with it, so it cannot be deleted. */
export const THEORY_CODE = 'Т';

function toResponse(row: ActivityTypeRow): ActivityTypeResponse {
  return { ...row };
}

function valuesOf(request: ActivityTypeRequest): ActivityTypeValues {
  return {
    code: request.code,
    name: request.name,
    allowSchedule: request.allowSchedule,
    colorCode: request.colorCode ?? null,
    displayOrder: request.displayOrder ?? 0,
    description: request.description ? request.description : null,
  };
}

/** Activity codes of academic-calendar days (ADMIN and EDUCATION_OFFICE). */
@Injectable()
export class ActivityTypesService {
  constructor(
    private readonly db: TenantDb,
    private readonly activityTypes: ActivityTypesRepository,
  ) {}

  async list(): Promise<ActivityTypeResponse[]> {
    return (await this.activityTypes.list()).map(toResponse);
  }

  async create(request: ActivityTypeRequest): Promise<ActivityTypeResponse> {
    const values = valuesOf(request);
    if (await this.activityTypes.codeTaken(values.code)) throw new ConflictError(CODE_TAKEN).at('code');
    return toResponse(await this.activityTypes.insert(values));
  }

  /** Replaces every field; omitted optional ones take their defaults as on creation. */
  async update(id: number, request: ActivityTypeRequest): Promise<ActivityTypeResponse> {
    if (!(await this.activityTypes.findById(id))) throw new NotFoundError(ACTIVITY_TYPE_NOT_FOUND);
    const values = valuesOf(request);
    if (await this.activityTypes.codeTaken(values.code, id)) throw new ConflictError(CODE_TAKEN).at('code');
    const updated = await this.activityTypes.update(id, values);
    if (!updated) throw new NotFoundError(ACTIVITY_TYPE_NOT_FOUND);
    return toResponse(updated);
  }

  /** Deletes an unused code and answers it; `Т` and codes used by calendars stay. */
  async remove(id: number): Promise<ActivityTypeResponse> {
    return this.db.transaction(async () => {
      const row = await this.activityTypes.lockForChange(id);
      if (!row) throw new NotFoundError(ACTIVITY_TYPE_NOT_FOUND);
      if (row.code === THEORY_CODE) {
        throw new ConflictError(`Код «${THEORY_CODE}» нельзя удалить: по нему создаются учебные календари`);
      }
      const usages = await usagesOf(this.db, activityTypeUsages(), id);
      if (usages) throw new ConflictError(`Код активности «${row.code}» нельзя удалить: его ${usages}`);
      await this.activityTypes.delete(id);
      return toResponse(row);
    });
  }
}
