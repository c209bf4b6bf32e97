import { Body, Controller, Delete, Get, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../platform/auth/decorators';
import { ALL_ROLES } from '../../platform/auth/roles';
import { PostOk } from '../../platform/http/decorators';
import { ArchiveFromQuery } from '../../platform/rules-of-archived';
import { IdParam } from '../../platform/http/id-param';
import { RESOURCE_EDITORS } from '../shared/roles';
import { SubjectEquipmentRequest, SubjectEquipmentResponse } from './dto/subject-equipment.dto';
import { SubjectRemoveResponse, SubjectRequest, SubjectResponse } from './dto/subject.dto';
import { SubjectEquipmentService } from './subject-equipment.service';
import { SubjectsService } from './subjects.service';

@ApiTags('Дисциплины')
@ApiBearerAuth()
@Controller('api/subjects')
export class SubjectsController {
  constructor(
    private readonly subjects: SubjectsService,
    private readonly equipment: SubjectEquipmentService,
  ) {}

  @Get()
  @Roles(...ALL_ROLES)
  @ApiOperation({ summary: 'Все неархивные дисциплины (по названию)' })
  @ApiOkResponse({ type: [SubjectResponse] })
  list(): Promise<SubjectResponse[]> {
    return this.subjects.listActive();
  }

  @Get(':departmentId')
  @Roles(...ALL_ROLES)
  @ApiOperation({ summary: 'Неархивные дисциплины кафедры' })
  @ApiOkResponse({ type: [SubjectResponse] })
  ofDepartment(@IdParam('departmentId') departmentId: number): Promise<SubjectResponse[]> {
    return this.subjects.listOfDepartment(departmentId);
  }

  @Get(':id/equipment')
  @Roles(...ALL_ROLES)
  @ApiOperation({ summary: 'Оборудование, которое нужно в аудитории для занятий дисциплины, по типам занятий' })
  @ApiOkResponse({ type: SubjectEquipmentResponse })
  requiredEquipment(@IdParam('id') id: number): Promise<SubjectEquipmentResponse> {
    return this.equipment.get(id);
  }

  @Put(':id/equipment')
  @Roles(...RESOURCE_EDITORS)
  @ApiOperation({
    summary: 'Заменить требования дисциплины к оборудованию аудиторий',
    description:
      'Занятие этого типа можно поставить только в аудиторию со всем указанным оборудованием (кроме онлайн-занятий): это проверяют ' +
      'создание и изменение правил, проверка версии, списки свободных аудиторий и составление расписания.',
  })
  @ApiOkResponse({ type: SubjectEquipmentResponse })
  replaceRequiredEquipment(@IdParam('id') id: number, @Body() body: SubjectEquipmentRequest): Promise<SubjectEquipmentResponse> {
    return this.equipment.replace(id, body);
  }

  @PostOk()
  @Roles(...RESOURCE_EDITORS)
  @ApiOperation({ summary: 'Создать дисциплину (название уникально среди всех, в том числе архивных)' })
  @ApiOkResponse({ type: SubjectResponse })
  create(@Body() body: SubjectRequest): Promise<SubjectResponse> {
    return this.subjects.create(body);
  }

  @Delete(':id')
  @Roles(...RESOURCE_EDITORS)
  @ApiOperation({ summary: 'Удалить дисциплину; если на неё есть ссылки, она архивируется. Возвращает дисциплину', description: 'Правила расписания (опубликованной версии и черновиков семестров, которые ещё идут), использующие запись, завершаются с effectiveFrom (по умолчанию завтра): прошедшие занятия остаются; endedRules — какие и с какого дня. Заранее: GET /api/admin/schedule-rules/archive-preview.' })
  @ApiOkResponse({ type: SubjectRemoveResponse })
  remove(@IdParam('id') id: number, @Query() query: ArchiveFromQuery): Promise<SubjectRemoveResponse> {
    return this.subjects.remove(id, query.effectiveFrom);
  }
}
