import { Body, Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser, Roles } from '../platform/auth/decorators';
import { PostOk } from '../platform/http/decorators';
import { IdParam } from '../platform/http/id-param';
import { Page } from '../platform/http/paging';
import {
  ApproveTeacherRequest,
  RejectTeacherRequest,
  TeacherRequestListQuery,
  TeacherRequestPageQuery,
  TeacherRequestResponse,
} from './dto/teacher-request.dto';
import { TeacherRequestsService } from './teacher-requests.service';

const REQUEST_PAGE_SCHEMA = {
  type: 'object',
  properties: {
    items: { type: 'array', items: { $ref: getSchemaPath(TeacherRequestResponse) } },
    page: { type: 'integer' },
    size: { type: 'integer' },
    totalItems: { type: 'integer' },
    totalPages: { type: 'integer' },
    first: { type: 'boolean' },
    last: { type: 'boolean' },
  },
};

@ApiTags('Заявки на создание преподавателей')
@ApiBearerAuth()
@ApiExtraModels(TeacherRequestResponse)
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
  @ApiOkResponse({ schema: REQUEST_PAGE_SCHEMA })
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
