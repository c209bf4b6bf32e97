import { Injectable } from '@nestjs/common';
import { GroupCalendarGuard } from '../../academic-calendars';
import { Departments } from '../../departments';
import { AuthUser } from '../../platform/auth/auth-user';
import { TenantDb } from '../../platform/database/tenant-db';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../platform/http/app-error';
import { todayInBusinessZone } from '../../platform/http/dates';
import { addDays } from '../../schedule-engine/dates';
import { Page, toPage } from '../../platform/http/paging';
import { EndedRulesField, endedRulesField, RulesOfArchived } from '../../platform/rules-of-archived';
import { departmentScope } from '../../platform/auth/department-scope';
import { GROUP_NOT_FOUND, OTHER_DEPARTMENT_GROUP } from '../shared/scope';
import { SubgroupsRepository } from '../subgroups/subgroups.repository';
import { GroupListQuery, GroupOptionsQuery, GroupPageQuery } from './dto/group-queries.dto';
import { GroupRequest, GroupResponse } from './dto/group.dto';
import { toGroupResponse } from './group-rows';
import { GroupFields, GroupsRepository } from './groups.repository';

/**
 * Study groups. Reads are scoped: a DEPARTMENT caller only ever sees its own department's groups.
 * Changes (ADMIN, EDUCATION_OFFICE) lock the group row, the same lock subgroup changes take.
 */
@Injectable()
export class GroupsService {
  constructor(
    private readonly db: TenantDb,
    private readonly groups: GroupsRepository,
    private readonly subgroups: SubgroupsRepository,
    private readonly departments: Departments,
    private readonly calendarGuard: GroupCalendarGuard,
    private readonly rulesOfArchived: RulesOfArchived,
  ) {}

  async list(caller: AuthUser, query: GroupListQuery): Promise<GroupResponse[]> {
    const today = todayInBusinessZone();
    const rows = await this.groups.list(today, query.includeArchived ?? false, departmentScope(caller));
    return rows.map((row) => toGroupResponse(row, today));
  }

  async page(caller: AuthUser, query: GroupPageQuery): Promise<Page<GroupResponse>> {
    const today = todayInBusinessZone();
    const scope = departmentScope(caller);
    const page = query.page ?? 0;
    const size = query.size ?? 25;
    const { rows, total } = await this.groups.page(
      today,
      {
        query: query.query || undefined,
        educationFormIds: query.educationFormId,
        departmentIds: scope !== undefined ? [scope] : query.departmentId,
        yearsStartStudy: query.yearStartStudy,
        includeArchived: query.includeArchived ?? false,
      },
      { sort: query.sort ?? 'name', direction: query.direction ?? 'asc' },
      page * size,
      size,
    );
    const items = rows.map((row) => toGroupResponse(row, today));
    return toPage(items, total, page, size);
  }

  async options(caller: AuthUser, query: GroupOptionsQuery): Promise<GroupResponse[]> {
    const today = todayInBusinessZone();
    const rows = await this.groups.options(today, {
      query: query.query || undefined,
      departmentId: departmentScope(caller) ?? query.departmentId,
      selectedId: query.selectedId,
      limit: query.limit ?? 20,
    });
    return rows.map((row) => toGroupResponse(row, today));
  }

  /** Current groups of a department; DEPARTMENT may ask only for its own (403 before any lookup). */
  async ofDepartment(caller: AuthUser, departmentId: number): Promise<GroupResponse[]> {
    const scope = departmentScope(caller);
    if (scope !== undefined && scope !== departmentId) throw new ForbiddenError(OTHER_DEPARTMENT_GROUP);
    if (!(await this.departments.findById(departmentId))) throw new NotFoundError('Кафедра не найдена');
    const today = todayInBusinessZone();
    return (await this.groups.list(today, false, departmentId)).map((row) => toGroupResponse(row, today));
  }

  async create(request: GroupRequest): Promise<GroupResponse> {
    const fields = groupFields(request);
    const id = await this.db.transaction(async () => {
      await this.checkReferences(fields);
      return this.groups.insert(fields);
    });
    return this.get(id);
  }

  /** Replaces every field; the new size must still hold the group's subgroups, and assigned calendars must still fit (409). */
  async update(id: number, request: GroupRequest): Promise<GroupResponse> {
    const fields = groupFields(request);
    await this.db.transaction(async () => {
      if (!(await this.groups.lockForChange(id))) throw new NotFoundError(GROUP_NOT_FOUND);
      await this.checkReferences(fields);
      const subgroupCapacity = await this.subgroups.totalCapacity(id);
      if (fields.groupSize < subgroupCapacity) {
        throw new BadRequestError(
          `Размер группы (${fields.groupSize}) не может быть меньше суммы вместимостей её подгрупп (${subgroupCapacity}): сначала измените подгруппы`,
        ).at('groupSize');
      }
      await this.calendarGuard.checkGroupChange(id, fields);
      await this.groups.update(id, fields);
    });
    return this.get(id);
  }

  /**
   * Archives the group; archiving an archived group changes nothing. Subgroups stay. The schedule rules
   * of the group end from `effectiveFrom` (tomorrow by default), their past kept (issue 53).
   */
  async archive(id: number, effectiveFrom?: string): Promise<GroupResponse & EndedRulesField> {
    if (!(await this.groups.findGroup(id))) throw new NotFoundError(GROUP_NOT_FOUND);
    const endedRules = await this.rulesOfArchived.end({ kind: 'GROUP', id }, effectiveFrom);
    // Active through the day before its rules end (today by default), so its given lessons keep counting.
    await this.groups.archive(id, addDays(effectiveFrom ?? addDays(todayInBusinessZone(), 1), -1));
    return { ...(await this.get(id)), ...endedRulesField(endedRules) };
  }

  async restore(id: number): Promise<GroupResponse> {
    if (!(await this.groups.findGroup(id))) throw new NotFoundError(GROUP_NOT_FOUND);
    await this.groups.restore(id);
    return this.get(id);
  }

  private async get(id: number): Promise<GroupResponse> {
    const row = await this.groups.findRow(id);
    if (!row) throw new NotFoundError(GROUP_NOT_FOUND);
    return toGroupResponse(row, todayInBusinessZone());
  }

  /** Nested ids must exist (400) and the profile must belong to the specialty; they stay locked until commit. */
  private async checkReferences(fields: GroupFields): Promise<void> {
    const references = await this.groups.lockReferences(fields);
    if (!references.educationForm) throw new BadRequestError('Форма обучения не найдена').at('educationFormId');
    if (!(await this.departments.lockForReference(fields.departmentId))) throw new BadRequestError('Кафедра не найдена').at('departmentId');
    if (!references.specialty) throw new BadRequestError('Специальность не найдена').at('specialtyId');
    if (references.profileSpecialtyId === undefined) throw new BadRequestError('Профиль специальности не найден').at('specialtyProfileId');
    if (references.profileSpecialtyId !== fields.specialtyId) {
      throw new BadRequestError('Профиль не относится к выбранной специальности').at('specialtyProfileId');
    }
  }
}

function groupFields(request: GroupRequest): GroupFields {
  return {
    name: request.name,
    groupSize: request.groupSize,
    educationFormId: request.educationFormId,
    departmentId: request.departmentId,
    yearStartStudy: request.yearStartStudy,
    specialtyId: request.specialtyId,
    specialtyProfileId: request.specialtyProfileId,
  };
}
