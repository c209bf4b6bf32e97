import { Injectable } from '@nestjs/common';
import { Departments } from '../departments';
import { AuthUser } from '../platform/auth/auth-user';
import { ownDepartment } from '../platform/auth/department-scope';
import { ForbiddenError, NotFoundError } from '../platform/http/app-error';
import { TeacherOptionsQuery } from './dto/user-queries.dto';
import { UserResponse } from './dto/user.dto';
import { TeachersRepository } from './teachers.repository';
import { toUserResponse } from './user-rows';
import { DEPARTMENT_MISSING } from './users.service';

/**
 * Teacher lists. A DEPARTMENT caller only ever sees its own department's teachers (the department
 * comes from the access token); a DEPARTMENT caller without one is refused, never widened to all.
 */
@Injectable()
export class TeachersService {
  constructor(
    private readonly teachers: TeachersRepository,
    private readonly departments: Departments,
  ) {}

  async list(caller: AuthUser): Promise<UserResponse[]> {
    const departmentId = caller.role === 'DEPARTMENT' ? ownDepartment(caller) : undefined;
    return (await this.teachers.active(departmentId)).map(toUserResponse);
  }

  async options(caller: AuthUser, query: TeacherOptionsQuery): Promise<UserResponse[]> {
    const departmentId = caller.role === 'DEPARTMENT' ? ownDepartment(caller) : query.departmentId;
    const rows = await this.teachers.options({
      query: query.query || undefined,
      departmentId,
      selectedId: query.selectedId,
      limit: query.limit ?? 20,
    });
    return rows.map(toUserResponse);
  }

  async ofDepartment(caller: AuthUser, departmentId: number): Promise<UserResponse[]> {
    await this.checkDepartment(caller, departmentId);
    return (await this.teachers.active(departmentId)).map(toUserResponse);
  }

  async ofDepartmentOn(caller: AuthUser, departmentId: number, date: string): Promise<UserResponse[]> {
    await this.checkDepartment(caller, departmentId);
    return (await this.teachers.onDate(departmentId, date)).map(toUserResponse);
  }

  /** A department in the path: DEPARTMENT may ask only for its own (403 otherwise, before any lookup). */
  private async checkDepartment(caller: AuthUser, departmentId: number): Promise<void> {
    if (caller.role === 'DEPARTMENT' && departmentId !== ownDepartment(caller)) {
      throw new ForbiddenError('Доступны только преподаватели своей кафедры');
    }
    if (!(await this.departments.findById(departmentId))) throw new NotFoundError(DEPARTMENT_MISSING);
  }
}
