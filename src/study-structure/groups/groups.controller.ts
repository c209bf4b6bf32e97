import { Body, Controller, Delete, Get, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../platform/auth/auth-user';
import { CurrentUser, Roles } from '../../platform/auth/decorators';
import { ALL_ROLES } from '../../platform/auth/roles';
import { PostOk } from '../../platform/http/decorators';
import { ArchiveFromQuery } from '../../platform/rules-of-archived';
import { IdParam } from '../../platform/http/id-param';
import { Page } from '../../platform/http/paging';
import { GROUP_READERS, GROUP_WRITERS } from '../shared/scope';
import { GroupListQuery, GroupOptionsQuery, GroupPageQuery } from './dto/group-queries.dto';
import { GroupArchiveResponse, GroupPageResponse, GroupRequest, GroupResponse } from './dto/group.dto';
import { GroupsService } from './groups.service';


// Route order matters: `page` and `options` come before `:departmentId`.
@ApiTags('Группы')
@ApiBearerAuth()
@Controller('api/groups')
export class GroupsController {
  constructor(private readonly groups: GroupsService) {}

  @Get()
  // Students and teachers pick a group here to view its schedule.
  @Roles(...ALL_ROLES)
  @ApiOperation({ summary: 'Группы, кроме архивных и выпущенных (includeArchived=true — все); для DEPARTMENT только своей кафедры' })
  @ApiOkResponse({ type: [GroupResponse] })
  list(@CurrentUser() caller: AuthUser, @Query() query: GroupListQuery): Promise<GroupResponse[]> {
    return this.groups.list(caller, query);
  }

  @Get('page')
  @Roles(...GROUP_READERS)
  @ApiOperation({ summary: 'Страница групп с поиском, фильтрами и сортировкой; для DEPARTMENT только своей кафедры' })
  @ApiOkResponse({ type: GroupPageResponse })
  page(@CurrentUser() caller: AuthUser, @Query() query: GroupPageQuery): Promise<Page<GroupResponse>> {
    return this.groups.page(caller, query);
  }

  @Get('options')
  @Roles(...ALL_ROLES)
  @ApiOperation({ summary: 'Обучающиеся группы для выбора: поиск, кафедра, выбранная, лимит' })
  @ApiOkResponse({ type: [GroupResponse] })
  options(@CurrentUser() caller: AuthUser, @Query() query: GroupOptionsQuery): Promise<GroupResponse[]> {
    return this.groups.options(caller, query);
  }

  @Get(':departmentId')
  @Roles(...GROUP_READERS)
  @ApiOperation({ summary: 'Группы кафедры, кроме архивных и выпущенных' })
  @ApiOkResponse({ type: [GroupResponse] })
  ofDepartment(@CurrentUser() caller: AuthUser, @IdParam('departmentId') departmentId: number): Promise<GroupResponse[]> {
    return this.groups.ofDepartment(caller, departmentId);
  }

  @PostOk()
  @Roles(...GROUP_WRITERS)
  @ApiOperation({ summary: 'Создать группу' })
  @ApiOkResponse({ type: GroupResponse })
  create(@Body() body: GroupRequest): Promise<GroupResponse> {
    return this.groups.create(body);
  }

  @Put(':id')
  @Roles(...GROUP_WRITERS)
  @ApiOperation({ summary: 'Изменить группу (размер не меньше суммы вместимостей подгрупп)' })
  @ApiOkResponse({ type: GroupResponse })
  update(@IdParam('id') id: number, @Body() body: GroupRequest): Promise<GroupResponse> {
    return this.groups.update(id, body);
  }

  @Delete(':id')
  @Roles(...GROUP_WRITERS)
  @ApiOperation({ summary: 'Архивировать группу', description: 'Правила расписания (опубликованной версии и черновиков семестров, которые ещё идут), использующие запись, завершаются с effectiveFrom (по умолчанию завтра): прошедшие занятия остаются; endedRules — какие и с какого дня. Заранее: GET /api/admin/schedule-rules/archive-preview.' })
  @ApiOkResponse({ type: GroupArchiveResponse })
  archive(@IdParam('id') id: number, @Query() query: ArchiveFromQuery): Promise<GroupArchiveResponse> {
    return this.groups.archive(id, query.effectiveFrom);
  }

  @PostOk(':id/restore')
  @Roles(...GROUP_WRITERS)
  @ApiOperation({ summary: 'Вернуть группу из архива' })
  @ApiOkResponse({ type: GroupResponse })
  restore(@IdParam('id') id: number): Promise<GroupResponse> {
    return this.groups.restore(id);
  }
}
