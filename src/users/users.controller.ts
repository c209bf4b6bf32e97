import { Body, Controller, Delete, Get, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser, Roles } from '../platform/auth/decorators';
import { PostOk } from '../platform/http/decorators';
import { ApiPageResponse, Page } from '../platform/http/paging';
import { CreatedUserResponse, CreateUserRequest, UpdateUserRequest, UserArchiveResponse, UserResponse } from './dto/user.dto';
import { UserPageQuery } from './dto/user-queries.dto';
import { ResetPasswordRequest } from './dto/password.dto';
import { ArchiveFromQuery } from '../platform/rules-of-archived';
import { IdParam } from '../platform/http/id-param';
import { UsersService } from './users.service';


@ApiTags('Пользователи')
@ApiBearerAuth()
@Controller('api/users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Активные пользователи по ФИО' })
  @ApiOkResponse({ type: [UserResponse] })
  list(): Promise<UserResponse[]> {
    return this.users.listActive();
  }

  @Get('page')
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Страница пользователей с поиском, фильтрами и сортировкой' })
  @ApiPageResponse(UserResponse)
  page(@Query() query: UserPageQuery): Promise<Page<UserResponse>> {
    return this.users.page(query);
  }

  @PostOk()
  @Roles('ADMIN')
  @ApiOperation({
    summary: 'Создать пользователя с основной кафедрой с сегодняшнего дня',
    description: 'Студента можно сразу включить в группу (groupId); тогда кафедру можно не указывать — берётся кафедра группы.',
  })
  @ApiOkResponse({ type: CreatedUserResponse })
  create(@CurrentUser() caller: AuthUser, @Body() body: CreateUserRequest): Promise<CreatedUserResponse> {
    return this.users.create(caller, body);
  }

  @Put(':id')
  @Roles('ADMIN')
  @ApiOperation({
    summary: 'Изменить ФИО, должность и роль пользователя',
    description:
      'Роль: не свою, не преподавателя и не в преподавателя (400 с field=role); смена роли завершает все сеансы пользователя.',
  })
  @ApiOkResponse({ type: UserResponse })
  update(@CurrentUser() caller: AuthUser, @IdParam('id') id: number, @Body() body: UpdateUserRequest): Promise<UserResponse> {
    return this.users.update(caller, id, body);
  }

  @Delete(':id')
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Архивировать пользователя (вход и обновление сессии больше невозможны)', description: 'Правила расписания (опубликованной версии и черновиков семестров, которые ещё идут), использующие запись, завершаются с effectiveFrom (по умолчанию завтра): прошедшие занятия остаются; endedRules — какие и с какого дня. Заранее: GET /api/admin/schedule-rules/archive-preview.' })
  @ApiOkResponse({ type: UserArchiveResponse })
  archive(@CurrentUser() caller: AuthUser, @IdParam('id') id: number, @Query() query: ArchiveFromQuery): Promise<UserArchiveResponse> {
    return this.users.archive(caller, id, query.effectiveFrom);
  }

  @PostOk(':id/restore')
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Вернуть пользователя из архива' })
  @ApiOkResponse({ type: UserResponse })
  restore(@IdParam('id') id: number): Promise<UserResponse> {
    return this.users.restore(id);
  }

  @PostOk(':id/password')
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Задать пользователю новый пароль (сброс администратором); все его сеансы завершаются' })
  @ApiOkResponse({ type: UserResponse })
  resetPassword(@CurrentUser() caller: AuthUser, @IdParam('id') id: number, @Body() body: ResetPasswordRequest): Promise<UserResponse> {
    return this.users.resetPassword(caller, id, body.newPassword);
  }
}
