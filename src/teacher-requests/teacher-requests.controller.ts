import { Body, Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser, Roles } from '../platform/auth/decorators';
import { PostOk } from '../platform/http/decorators';
import { IdParam } from '../platform/http/id-param';
import { ApiPageResponse, Page } from '../platform/http/paging';
import {
  ApproveTeacherRequest,
  RejectTeacherRequest,
  TeacherRequestListQuery,
  TeacherRequestPageQuery,
  TeacherRequestResponse,
} from './dto/teacher-request.dto';
import { TeacherRequestsService } from './teacher-requests.service';


@ApiTags('Заявки на создание преподавателей')
@ApiBearerAuth()
@Controller('api/teacher-requests')
export class TeacherRequestsController {
  constructor(private readonly requests: TeacherRequestsService) {}

  @Get()
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Заявки всех кафедр, новые первыми; необязательный фильтр по статусу' })
  @ApiOkResponse({ type: [TeacherRequestResponse] })
  list(@Query() query: TeacherRequestListQuery): Promise<TeacherRequestResponse[]> {
    return this.requests.list(query);
  }

  @Get('page')
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Страница заявок с поиском по логину, ФИО, должности и кафедре; новые первыми' })
  @ApiPageResponse(TeacherRequestResponse)
  page(@Query() query: TeacherRequestPageQuery): Promise<Page<TeacherRequestResponse>> {
    return this.requests.page(query);
  }

  @PostOk(':id/approve')
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Одобрить заявку: создать преподавателя с паролем и основной кафедрой с сегодняшнего дня' })
  @ApiOkResponse({ type: TeacherRequestResponse })
  approve(@CurrentUser() caller: AuthUser, @IdParam('id') id: number, @Body() body: ApproveTeacherRequest): Promise<TeacherRequestResponse> {
    return this.requests.approve(caller, id, body);
  }

  @PostOk(':id/reject')
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Отклонить заявку (комментарий обязателен)' })
  @ApiOkResponse({ type: TeacherRequestResponse })
  reject(@CurrentUser() caller: AuthUser, @IdParam('id') id: number, @Body() body: RejectTeacherRequest): Promise<TeacherRequestResponse> {
    return this.requests.reject(caller, id, body);
  }
}
