import { Body, Controller, Delete, Get, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../platform/auth/auth-user';
import { CurrentUser, Roles } from '../../platform/auth/decorators';
import { PostOk } from '../../platform/http/decorators';
import { IdParam } from '../../platform/http/id-param';
import { GROUP_READERS, SUBGROUP_WRITERS } from '../shared/scope';
import { DivisionRequest, SubgroupListQuery, SubgroupRequest, SubgroupResponse } from './dto/subgroup.dto';
import { SubgroupsService } from './subgroups.service';

@ApiTags('Группы')
@ApiBearerAuth()
@Controller('api/subgroups')
export class SubgroupListController {
  constructor(private readonly subgroups: SubgroupsService) {}

  @Get()
  @Roles(...GROUP_READERS)
  @ApiOperation({ summary: 'Подгруппы указанных групп (не более 100 groupId) или все; для DEPARTMENT только своей кафедры' })
  @ApiOkResponse({ type: [SubgroupResponse] })
  list(@CurrentUser() caller: AuthUser, @Query() query: SubgroupListQuery): Promise<SubgroupResponse[]> {
    return this.subgroups.list(caller, query);
  }
}

// Route order matters: `division` comes before `:id`.
@ApiTags('Группы')
@ApiBearerAuth()
@Controller('api/groups/:groupId/subgroups')
export class GroupSubgroupsController {
  constructor(private readonly subgroups: SubgroupsService) {}

  @Get()
  @Roles(...GROUP_READERS)
  @ApiOperation({ summary: 'Подгруппы группы' })
  @ApiOkResponse({ type: [SubgroupResponse] })
  list(@CurrentUser() caller: AuthUser, @IdParam('groupId') groupId: number): Promise<SubgroupResponse[]> {
    return this.subgroups.ofGroup(caller, groupId);
  }

  @PostOk()
  @Roles(...SUBGROUP_WRITERS)
  @ApiOperation({ summary: 'Создать подгруппу (сумма вместимостей не больше размера группы)' })
  @ApiOkResponse({ type: SubgroupResponse })
  create(@CurrentUser() caller: AuthUser, @IdParam('groupId') groupId: number, @Body() body: SubgroupRequest): Promise<SubgroupResponse> {
    return this.subgroups.create(caller, groupId, body);
  }

  @Put('division')
  @Roles(...SUBGROUP_WRITERS)
  @ApiOperation({ summary: 'Режим деления: NONE удаляет подгруппы, TWO/THREE заменяет их на 2/3 равные подгруппы' })
  @ApiOkResponse({ type: [SubgroupResponse] })
  divide(@CurrentUser() caller: AuthUser, @IdParam('groupId') groupId: number, @Body() body: DivisionRequest): Promise<SubgroupResponse[]> {
    return this.subgroups.divide(caller, groupId, body);
  }

  @Put(':id')
  @Roles(...SUBGROUP_WRITERS)
  @ApiOperation({ summary: 'Изменить подгруппу' })
  @ApiOkResponse({ type: SubgroupResponse })
  update(
    @CurrentUser() caller: AuthUser,
    @IdParam('groupId') groupId: number,
    @IdParam('id') id: number,
    @Body() body: SubgroupRequest,
  ): Promise<SubgroupResponse> {
    return this.subgroups.update(caller, groupId, id, body);
  }

  @Delete(':id')
  @Roles(...SUBGROUP_WRITERS)
  @ApiOperation({ summary: 'Удалить подгруппу, не используемую в расписании, если остальные покрывают группу; возвращает удалённую' })
  @ApiOkResponse({ type: SubgroupResponse })
  remove(@CurrentUser() caller: AuthUser, @IdParam('groupId') groupId: number, @IdParam('id') id: number): Promise<SubgroupResponse> {
    return this.subgroups.remove(caller, groupId, id);
  }
}
