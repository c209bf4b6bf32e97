import { Injectable } from '@nestjs/common';
import { Departments } from '../departments';
import { AuthUser } from '../platform/auth/auth-user';
import { ownDepartment } from '../platform/auth/department-scope';
import { TenantDb } from '../platform/database/tenant-db';
import { BadRequestError, ConflictError, NotFoundError } from '../platform/http/app-error';
import { todayInBusinessZone } from '../platform/http/dates';
import { AssignmentsRepository, ExistingLink, toHistoryItem } from './assignments.repository';
import { DepartmentHistoryItem } from './dto/department-assignment.dto';
import { AddTeacherAssignmentRequest, DepartmentTeachersQuery } from './dto/department-teachers.dto';
import { UserResponse } from './dto/user.dto';
import { TeachersRepository } from './teachers.repository';
import { toUserResponse } from './user-rows';
import { UsersRepository } from './users.repository';
import { DEPARTMENT_MISSING, USER_NOT_FOUND } from './users.service';

function alreadyLinked(departmentName: string, link: ExistingLink): ConflictError {
  const kind = link.primary ? 'как за основной кафедрой' : `дополнительной привязкой с ${link.validFrom}`;
  return new ConflictError(`Преподаватель уже закреплён за кафедрой «${departmentName}» ${kind}`);
}

/**
 * The department workspace's teachers. DEPARTMENT always works on its own department (from the
 * token); ADMIN must name one. Nobody else reaches these methods (roles on the controller).
 */
@Injectable()
export class DepartmentTeachersService {
  constructor(
    private readonly db: TenantDb,
    private readonly teachers: TeachersRepository,
    private readonly users: UsersRepository,
    private readonly assignments: AssignmentsRepository,
    private readonly departments: Departments,
  ) {}

  /**
   * The active teacher with this login, for a department to link (issue 45 §8): the teacher tells
   * their login; their number in the system is nothing a department knows.
   */
  async byUsername(username: string): Promise<UserResponse> {
    const row = await this.users.activeTeacherByUsername(username.trim());
    if (!row) throw new NotFoundError(`Преподаватель с логином «${username.trim()}» не найден`).at('username');
    return toUserResponse(row);
  }

  /** Active teachers linked to the department today (primary or additional), by full name. */
  async list(caller: AuthUser, query: DepartmentTeachersQuery): Promise<UserResponse[]> {
    const departmentId = await this.targetDepartment(caller, query.departmentId, 'Параметр «departmentId» обязателен для администратора');
    return (await this.teachers.active(departmentId)).map(toUserResponse);
  }

  /** Adds an open-ended additional link from today; the user row is locked so checks and insert see one state. */
  async addAssignment(caller: AuthUser, teacherId: number, body: AddTeacherAssignmentRequest): Promise<DepartmentHistoryItem> {
    const departmentId = await this.targetDepartment(caller, body.departmentId, 'Поле «departmentId» обязательно для администратора');
    const today = todayInBusinessZone();
    const row = await this.db.transaction(async () => {
      const user = await this.users.lock(teacherId);
      if (!user) throw new NotFoundError(USER_NOT_FOUND);
      if (user.role !== 'TEACHER') throw new BadRequestError('К кафедре можно привязать только преподавателя');
      if (user.status !== 'ACTIVE') throw new BadRequestError('Преподаватель в архиве: сначала восстановите его');
      const department = await this.departments.lockForReference(departmentId);
      if (!department) throw new BadRequestError(DEPARTMENT_MISSING);
      const existing = await this.assignments.blockingLink(teacherId, departmentId, today);
      if (existing) throw alreadyLinked(department.name, existing);
      // ex_uda_additional_overlap stays the last guard for a link written outside this path.
      const id = await this.assignments.insert({
        userId: teacherId,
        departmentId,
        isPrimary: false,
        validFrom: today,
        comment: body.comment || null,
        createdBy: caller.userId,
      });
      const link = await this.assignments.historyItem(id);
      return link && toHistoryItem(link, department.name);
    });
    if (!row) throw new Error('the link just written was not found');
    return row;
  }

  /** DEPARTMENT: its own department, whatever the client sent. ADMIN: the given one, which must exist. */
  private async targetDepartment(caller: AuthUser, given: number | null | undefined, missingMessage: string): Promise<number> {
    if (caller.role === 'DEPARTMENT') return ownDepartment(caller);
    if (given === undefined || given === null) throw new BadRequestError(missingMessage);
    if (!(await this.departments.findById(given))) throw new BadRequestError(DEPARTMENT_MISSING);
    return given;
  }
}
