import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../platform/auth/auth-user';
import { CurrentUser, Roles } from '../../platform/auth/decorators';
import { ALL_ROLES } from '../../platform/auth/roles';
import { IdParam } from '../../platform/http/id-param';
import { StudentGroupRequest, StudentGroupResponse } from './student-group.dto';
import { StudentGroupsService } from './student-groups.service';

/** The group a student's account belongs to: one's own, or any user's for the administrator. */
@ApiTags('Группы')
@ApiBearerAuth()
@Controller('api')
export class StudentGroupsController {
  constructor(private readonly students: StudentGroupsService) {}

  @Get('auth/me/group')
  @Roles(...ALL_ROLES)
  @ApiOperation({ summary: 'Своя группа студента (по учётной записи); null, если не указана или роль не STUDENT' })
  @ApiOkResponse({ type: StudentGroupResponse })
  own(@CurrentUser() caller: AuthUser): Promise<StudentGroupResponse> {
    return this.students.own(caller);
  }

  @Get('users/:id/group')
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Группа студента; null, если не указана или роль не STUDENT' })
  @ApiOkResponse({ type: StudentGroupResponse })
  of(@IdParam('id') id: number): Promise<StudentGroupResponse> {
    return this.students.of(id);
  }

  @Put('users/:id/group')
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Указать группу студента (действующую) или убрать её (null); только для роли STUDENT' })
  @ApiOkResponse({ type: StudentGroupResponse })
  set(@IdParam('id') id: number, @Body() body: StudentGroupRequest): Promise<StudentGroupResponse> {
    return this.students.set(id, body.groupId ?? null);
  }
}
