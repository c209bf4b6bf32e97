import { Injectable } from '@nestjs/common';
import { Departments } from '../departments';
import { AuthUser } from '../platform/auth/auth-user';
import { TenantDb } from '../platform/database/tenant-db';
import { ownDepartment } from '../platform/auth/department-scope';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../platform/http/app-error';
import { addDays } from '../schedule-engine/dates';
import { AssignmentsRepository, toHistoryItem } from './assignments.repository';
import { DepartmentHistoryItem, DepartmentTransferRequest } from './dto/department-assignment.dto';
import { UserResponse } from './dto/user.dto';
import { UsersRepository } from './users.repository';
import { DEPARTMENT_MISSING, USER_NOT_FOUND, UsersService } from './users.service';

export const PRIMARY_OVERLAP = 'Периоды основной кафедры сотрудника пересекаются';

/** A user's department history and transfers between primary departments. */
@Injectable()
export class UserDepartmentsService {
  constructor(
    private readonly db: TenantDb,
    private readonly users: UsersRepository,
    private readonly usersService: UsersService,
    private readonly assignments: AssignmentsRepository,
    private readonly departments: Departments,
  ) {}

  /**
   * The user's links to departments. A DEPARTMENT reads only the history of someone who has ever been
   * linked to it (its workspace shows its teachers' histories); anyone else, existing or not, is 403
   * to it, so a department learns nothing about other departments' accounts.
   */
  async history(caller: AuthUser, userId: number): Promise<DepartmentHistoryItem[]> {
    const links = await this.assignments.history(userId);
    const names = await this.departments.names(links.map((link) => link.departmentId));
    // Every link names an existing department (its foreign key); one without a name would not be listed.
    const rows = links.filter((link) => names.has(link.departmentId));
    if (caller.role === 'DEPARTMENT') {
      const own = ownDepartment(caller);
      if (!rows.some((row) => row.departmentId === own)) throw new ForbiddenError('История привязок доступна кафедре только для её преподавателей');
    } else if (!(await this.users.statusOf(userId))) {
      throw new NotFoundError(USER_NOT_FOUND);
    }
    return rows.map((row) => toHistoryItem(row, names.get(row.departmentId) ?? ''));
  }

  /**
   * Closes the primary period in effect on `validFrom` the day before and opens the new one from
   * `validFrom`, open-ended. The user row is locked, so transfers of one user run one at a time;
   * ex_uda_primary_overlap still rejects anything that slips through.
   */
  async transfer(caller: AuthUser, userId: number, request: DepartmentTransferRequest): Promise<UserResponse> {
    const { departmentId, validFrom } = request;
    await this.db.transaction(async () => {
      const status = (await this.users.lock(userId))?.status;
      if (!status) throw new NotFoundError(USER_NOT_FOUND);
      if (status === 'ARCHIVED') throw new ConflictError('Нельзя перевести архивного сотрудника: сначала восстановите его');
      if (!(await this.departments.lockForReference(departmentId))) throw new BadRequestError(DEPARTMENT_MISSING).at('departmentId');

      const current = await this.assignments.primaryCovering(userId, validFrom);
      if (current?.departmentId === departmentId) {
        throw new BadRequestError('Сотрудник уже числится на этой кафедре как на основной на дату перевода').at('departmentId');
      }
      if (current && current.validFrom >= validFrom) {
        throw new ConflictError(`${PRIMARY_OVERLAP}: дата перевода должна быть позже начала текущего периода (${current.validFrom})`).at('validFrom');
      }
      const planned = await this.assignments.firstPrimaryAfter(userId, validFrom);
      if (planned) {
        throw new ConflictError(`${PRIMARY_OVERLAP}: уже запланирован переход на основную кафедру с ${planned.validFrom}`).at('validFrom');
      }

      if (current) await this.assignments.close(current.id, addDays(validFrom, -1));
      await this.assignments.insert({
        userId,
        departmentId,
        isPrimary: true,
        validFrom,
        comment: request.comment || null,
        createdBy: caller.userId,
      });
    });
    return this.usersService.get(userId);
  }
}
