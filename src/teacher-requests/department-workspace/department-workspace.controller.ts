import { Body, Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../platform/auth/auth-user';
import { CurrentUser, Roles } from '../../platform/auth/decorators';
import { PostOk } from '../../platform/http/decorators';
import { IdParam } from '../../platform/http/id-param';
import { DepartmentHistoryItem } from '../../users/dto/department-assignment.dto';
import { UserResponse } from '../../users/dto/user.dto';
import { SubmitTeacherRequest, TeacherRequestResponse } from '../dto/teacher-request.dto';
import { TeacherRequestsService } from '../teacher-requests.service';
import { AddTeacherAssignmentRequest, DepartmentTeachersQuery } from './dto/department-teachers.dto';
import { DepartmentTeachersService } from './department-teachers.service';

/** Teachers and teacher-creation requests of the caller's department (DEPARTMENT: always from the token). */
@ApiTags('Рабочее место кафедры')
@ApiBearerAuth()
@Controller('api/department')
export class DepartmentWorkspaceController {
  constructor(
    private readonly teachers: DepartmentTeachersService,
    private readonly requests: TeacherRequestsService,
  ) {}

  @Get('teachers')
  @Roles('DEPARTMENT', 'ADMIN')
  @ApiOperation({ summary: 'Текущие преподаватели кафедры (основная или дополнительная привязка на сегодня); ADMIN указывает departmentId' })
  @ApiOkResponse({ type: [UserResponse] })
  teachersList(@CurrentUser() caller: AuthUser, @Query() query: DepartmentTeachersQuery): Promise<UserResponse[]> {
    return this.teachers.list(caller, query);
  }

  @PostOk('teachers/:teacherId/assignments')
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

  @Get('teacher-requests')
  @Roles('DEPARTMENT')
  @ApiOperation({ summary: 'Заявки своей кафедры на создание преподавателей, новые первыми' })
  @ApiOkResponse({ type: [TeacherRequestResponse] })
  requestsList(@CurrentUser() caller: AuthUser): Promise<TeacherRequestResponse[]> {
    return this.requests.listOwn(caller);
  }

  @PostOk('teacher-requests')
  @Roles('DEPARTMENT')
  @ApiOperation({ summary: 'Подать заявку на создание преподавателя (без пароля: его задаёт администратор)' })
  @ApiOkResponse({ type: TeacherRequestResponse })
  submit(@CurrentUser() caller: AuthUser, @Body() body: SubmitTeacherRequest): Promise<TeacherRequestResponse> {
    return this.requests.submit(caller, body);
  }
}
