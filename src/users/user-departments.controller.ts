import { Body, Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser, Roles } from '../platform/auth/decorators';
import { PostOk } from '../platform/http/decorators';
import { DepartmentHistoryItem, DepartmentTransferRequest } from './dto/department-assignment.dto';
import { UserResponse } from './dto/user.dto';
import { IdParam } from '../platform/http/id-param';
import { UserDepartmentsService } from './user-departments.service';

@ApiTags('Пользователи')
@ApiBearerAuth()
@Controller('api/users/:id')
export class UserDepartmentsController {
  constructor(private readonly service: UserDepartmentsService) {}

  @Get('department-history')
  @Roles('ADMIN', 'EDUCATION_OFFICE', 'DEPARTMENT')
  @ApiOperation({ summary: 'История привязок пользователя к кафедрам (кафедра — только своих преподавателей)' })
  @ApiOkResponse({ type: [DepartmentHistoryItem] })
  history(@CurrentUser() caller: AuthUser, @IdParam('id') id: number): Promise<DepartmentHistoryItem[]> {
    return this.service.history(caller, id);
  }

  @PostOk('department-transfer')
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Перевод на другую основную кафедру с указанной даты' })
  @ApiOkResponse({ type: UserResponse })
  transfer(
    @CurrentUser() caller: AuthUser,
    @IdParam('id') id: number,
    @Body() body: DepartmentTransferRequest,
  ): Promise<UserResponse> {
    return this.service.transfer(caller, id, body);
  }
}
