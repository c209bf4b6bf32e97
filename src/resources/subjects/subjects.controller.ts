import { Body, Controller, Delete, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../platform/auth/decorators';
import { ALL_ROLES } from '../../platform/auth/roles';
import { PostOk } from '../../platform/http/decorators';
import { IdParam } from '../../platform/http/id-param';
import { RESOURCE_EDITORS } from '../shared/roles';
import { SubjectRequest, SubjectResponse } from './dto/subject.dto';
import { SubjectsService } from './subjects.service';

@ApiTags('Дисциплины')
@ApiBearerAuth()
@Controller('api/subjects')
export class SubjectsController {
  constructor(private readonly subjects: SubjectsService) {}

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

  @PostOk()
  @Roles(...RESOURCE_EDITORS)
  @ApiOperation({ summary: 'Создать дисциплину (название уникально среди всех, в том числе архивных)' })
  @ApiOkResponse({ type: SubjectResponse })
  create(@Body() body: SubjectRequest): Promise<SubjectResponse> {
    return this.subjects.create(body);
  }

  @Delete(':id')
  @Roles(...RESOURCE_EDITORS)
  @ApiOperation({ summary: 'Удалить дисциплину; если на неё есть ссылки, она архивируется. Возвращает дисциплину' })
  @ApiOkResponse({ type: SubjectResponse })
  remove(@IdParam('id') id: number): Promise<SubjectResponse> {
    return this.subjects.remove(id);
  }
}
