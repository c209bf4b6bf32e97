import { Body, Controller, Delete, Get, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../platform/auth/decorators';
import { ALL_ROLES } from '../../platform/auth/roles';
import { PostOk } from '../../platform/http/decorators';
import { ArchiveFromQuery } from '../../platform/rules-of-archived';
import { IdParam } from '../../platform/http/id-param';
import { RESOURCE_EDITORS } from '../shared/roles';
import { ClassroomsService } from './classrooms.service';
import { ClassroomArchiveResponse, ClassroomListQuery, ClassroomRequest, ClassroomResponse, ClassroomUpdateRequest } from './dto/classroom.dto';

@ApiTags('Аудитории')
@ApiBearerAuth()
@Controller('api/classrooms')
export class ClassroomsController {
  constructor(private readonly classrooms: ClassroomsService) {}

  @Get()
  @Roles(...ALL_ROLES)
  @ApiOperation({ summary: 'Аудитории с оборудованием (по названию); архивные только с includeArchived=true' })
  @ApiOkResponse({ type: [ClassroomResponse] })
  list(@Query() query: ClassroomListQuery): Promise<ClassroomResponse[]> {
    return this.classrooms.list(query.includeArchived ?? false);
  }

  @PostOk()
  @Roles(...RESOURCE_EDITORS)
  @ApiOperation({ summary: 'Создать аудиторию' })
  @ApiOkResponse({ type: ClassroomResponse })
  create(@Body() body: ClassroomRequest): Promise<ClassroomResponse> {
    return this.classrooms.create(body);
  }

  @Put(':id')
  @Roles(...RESOURCE_EDITORS)
  @ApiOperation({ summary: 'Частично изменить аудиторию; переданный equipmentIds заменяет весь набор оборудования' })
  @ApiOkResponse({ type: ClassroomResponse })
  update(@IdParam('id') id: number, @Body() body: ClassroomUpdateRequest): Promise<ClassroomResponse> {
    return this.classrooms.update(id, body);
  }

  @Delete(':id')
  @Roles(...RESOURCE_EDITORS)
  @ApiOperation({ summary: 'Архивировать аудиторию (остаётся в истории, не предлагается для новых занятий)', description: 'Правила расписания (опубликованной версии и черновиков семестров, которые ещё идут), использующие запись, завершаются с effectiveFrom (по умолчанию завтра): прошедшие занятия остаются; endedRules — какие и с какого дня. Заранее: GET /api/admin/schedule-rules/archive-preview.' })
  @ApiOkResponse({ type: ClassroomArchiveResponse })
  archive(@IdParam('id') id: number, @Query() query: ArchiveFromQuery): Promise<ClassroomArchiveResponse> {
    return this.classrooms.archive(id, query.effectiveFrom);
  }

  @PostOk(':id/restore')
  @Roles(...RESOURCE_EDITORS)
  @ApiOperation({ summary: 'Вернуть аудиторию из архива' })
  @ApiOkResponse({ type: ClassroomResponse })
  restore(@IdParam('id') id: number): Promise<ClassroomResponse> {
    return this.classrooms.restore(id);
  }
}
