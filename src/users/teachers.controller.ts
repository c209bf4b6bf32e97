import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser, Roles } from '../platform/auth/decorators';
import { ALL_ROLES, Role } from '../platform/auth/roles';
import { TeacherOptionsQuery, TeachersOnDateQuery } from './dto/user-queries.dto';
import { UserResponse } from './dto/user.dto';
import { IdParam } from '../platform/http/id-param';
import { TeachersService } from './teachers.service';

const TEACHER_LIST_ROLES: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE', 'DEPARTMENT', 'SCHEDULE_VIEWER'];

// Route order matters: the fixed paths come before `:departmentId`.
@ApiTags('Пользователи')
@ApiBearerAuth()
@Controller('api/users/teachers')
export class TeachersController {
  constructor(private readonly teachers: TeachersService) {}

  @Get()
  @Roles(...TEACHER_LIST_ROLES)
  @ApiOperation({ summary: 'Активные преподаватели (для роли DEPARTMENT только своей кафедры)' })
  @ApiOkResponse({ type: [UserResponse] })
  list(@CurrentUser() caller: AuthUser): Promise<UserResponse[]> {
    return this.teachers.list(caller);
  }

  @Get('options')
  @Roles(...ALL_ROLES)
  @ApiOperation({ summary: 'Варианты для выбора преподавателя: поиск, кафедра, выбранный, лимит' })
  @ApiOkResponse({ type: [UserResponse] })
  options(@CurrentUser() caller: AuthUser, @Query() query: TeacherOptionsQuery): Promise<UserResponse[]> {
    return this.teachers.options(caller, query);
  }

  @Get('by-department/:departmentId')
  @Roles(...TEACHER_LIST_ROLES)
  @ApiOperation({ summary: 'Преподаватели кафедры на дату по истории назначений' })
  @ApiOkResponse({ type: [UserResponse] })
  onDate(
    @CurrentUser() caller: AuthUser,
    @IdParam('departmentId') departmentId: number,
    @Query() query: TeachersOnDateQuery,
  ): Promise<UserResponse[]> {
    return this.teachers.ofDepartmentOn(caller, departmentId, query.date);
  }

  @Get(':departmentId')
  @Roles(...TEACHER_LIST_ROLES)
  @ApiOperation({ summary: 'Преподаватели, привязанные к кафедре сегодня (основная или дополнительная привязка)' })
  @ApiOkResponse({ type: [UserResponse] })
  ofDepartment(@CurrentUser() caller: AuthUser, @IdParam('departmentId') departmentId: number): Promise<UserResponse[]> {
    return this.teachers.ofDepartment(caller, departmentId);
  }
}
