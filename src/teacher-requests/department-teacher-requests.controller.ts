import { Body, Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser, Roles } from '../platform/auth/decorators';
import { PostOk } from '../platform/http/decorators';
import { SubmitTeacherRequest, TeacherRequestResponse } from './dto/teacher-request.dto';
import { TeacherRequestsService } from './teacher-requests.service';

/** Teacher-creation requests of the caller's department (spec 4.17; DEPARTMENT: always from the token). */
@ApiTags('Рабочее место кафедры')
@ApiBearerAuth()
@Controller('api/department/teacher-requests')
export class DepartmentTeacherRequestsController {
  constructor(private readonly requests: TeacherRequestsService) {}

  @Get()
  @Roles('DEPARTMENT')
  @ApiOperation({ summary: 'Заявки своей кафедры на создание преподавателей, новые первыми' })
  @ApiOkResponse({ type: [TeacherRequestResponse] })
  list(@CurrentUser() caller: AuthUser): Promise<TeacherRequestResponse[]> {
    return this.requests.listOwn(caller);
  }

  @PostOk()
  @Roles('DEPARTMENT')
  @ApiOperation({ summary: 'Подать заявку на создание преподавателя (без пароля: его задаёт администратор)' })
  @ApiOkResponse({ type: TeacherRequestResponse })
  submit(@CurrentUser() caller: AuthUser, @Body() body: SubmitTeacherRequest): Promise<TeacherRequestResponse> {
    return this.requests.submit(caller, body);
  }
}
