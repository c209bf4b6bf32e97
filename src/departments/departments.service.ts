import { Injectable } from '@nestjs/common';
import { ConflictError, NotFoundError } from '../platform/http/app-error';
import { TenantDb } from '../platform/database/tenant-db';
import { DepartmentRow, DepartmentsRepository } from './departments.repository';
import { DepartmentRequest, DepartmentResponse } from './dto/department.dto';

export const DEPARTMENT_NOT_FOUND = 'Кафедра не найдена';

function toResponse(department: DepartmentRow): DepartmentResponse {
  return { id: department.id, departmentName: department.name, departmentCode: department.code };
}

@Injectable()
export class DepartmentsService {
  constructor(
    private readonly db: TenantDb,
    private readonly departments: DepartmentsRepository,
  ) {}

  async list(): Promise<DepartmentResponse[]> {
    return (await this.departments.list()).map(toResponse);
  }

  async create(request: DepartmentRequest): Promise<DepartmentResponse> {
    await this.ensureUnique(request);
    return toResponse(await this.departments.insert(request.departmentName, request.departmentCode));
  }

  async update(id: number, request: DepartmentRequest): Promise<DepartmentResponse> {
    if (!(await this.departments.findById(id))) throw new NotFoundError(DEPARTMENT_NOT_FOUND);
    await this.ensureUnique(request, id);
    const updated = await this.departments.update(id, request.departmentName, request.departmentCode);
    if (!updated) throw new NotFoundError(DEPARTMENT_NOT_FOUND);
    return toResponse(updated);
  }

  /**
   * Physical delete of an unused department. The row lock makes a concurrent transfer or user creation
   * (which hold FOR KEY SHARE on it) either finish first and be counted, or find it gone.
   */
  async remove(id: number): Promise<DepartmentResponse> {
    return this.db.transaction(async () => {
      const department = await this.departments.lockForChange(id);
      if (!department) throw new NotFoundError(DEPARTMENT_NOT_FOUND);
      const assignments = await this.departments.countAssignments(id);
      if (assignments > 0) {
        throw new ConflictError(
          `Нельзя удалить кафедру «${department.name}»: она указана в назначениях сотрудников (${assignments}), в том числе в истории`,
        );
      }
      await this.departments.delete(id);
      return toResponse(department);
    });
  }

  private async ensureUnique(request: DepartmentRequest, exceptId?: number): Promise<void> {
    const clash = await this.departments.findClash(request.departmentName, request.departmentCode, exceptId);
    if (clash.nameTaken) throw new ConflictError('Кафедра с таким названием уже существует').at('departmentName');
    if (clash.codeTaken) throw new ConflictError('Кафедра с таким кодом уже существует').at('departmentCode');
  }
}
