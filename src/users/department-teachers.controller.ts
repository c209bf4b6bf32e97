import { Body, Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser, Roles } from '../platform/auth/decorators';
import { PostOk } from '../platform/http/decorators';
import { IdParam } from '../platform/http/id-param';
import { DepartmentTeachersService } from './department-teachers.service';
import { DepartmentHistoryItem } from './dto/department-assignment.dto';
import { AddTeacherAssignmentRequest, DepartmentTeachersQuery, TeacherByUsernameQuery } from './dto/department-teachers.dto';
import { UserResponse } from './dto/user.dto';

/** The department workspace's teachers (spec 4.17); DEPARTMENT always works on its own department. */
@ApiTags('Рабочее место кафедры')
@ApiBearerAuth()
@Controller('api/department/teachers')
export class DepartmentTeachersController {
  constructor(private readonly teachers: DepartmentTeachersService) {}

  @Get()
  @Roles('DEPARTMENT', 'ADMIN')
  @ApiOperation({ summary: 'Текущие преподаватели кафедры (основная или дополнительная привязка на сегодня); ADMIN указывает departmentId' })
  @ApiOkResponse({ type: [UserResponse] })
  list(@CurrentUser() caller: AuthUser, @Query() query: DepartmentTeachersQuery): Promise<UserResponse[]> {
    return this.teachers.list(caller, query);
  }

  @Get('by-username')
  @Roles('DEPARTMENT', 'ADMIN')
  @ApiOperation({ summary: 'Действующий преподаватель по логину (без учёта регистра): чтобы привязать его к кафедре; 404, если такого нет' })
  @ApiOkResponse({ type: UserResponse })
  byUsername(@Query() query: TeacherByUsernameQuery): Promise<UserResponse> {
    return this.teachers.byUsername(query.username);
  }

  @PostOk(':teacherId/assignments')
  @Roles('DEPARTMENT', 'ADMIN')
  @ApiOperation({ summary: 'Дополнительно привязать преподавателя к кафедре с сегодняшнего дня без даты окончания' })
  @ApiOkResponse({ type: DepartmentHistoryItem })
  addAssignment(
    @CurrentUser() caller: AuthUser,
    @IdParam('teacherId') teacherId: number,
    @Body() body: AddTeacherAssignmentRequest,
  ): Promise<DepartmentHistoryItem> {
    return this.teachers.addAssignment(caller, teacherId, body);
  }
}
