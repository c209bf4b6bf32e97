import { Body, Controller, Delete, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../platform/auth/auth-user';
import { CurrentUser, Roles } from '../../platform/auth/decorators';
import { PostOk } from '../../platform/http/decorators';
import { LINK_EDITORS } from '../shared/roles';
import { TeacherSubjectCreateRequest, TeacherSubjectLessonTypesRequest, TeacherSubjectRequest, TeacherSubjectResponse } from './dto/teacher-subject.dto';
import { TeacherSubjectsService } from './teacher-subjects.service';

@ApiTags('Преподаватели и дисциплины')
@ApiBearerAuth()
@Controller('api/teacher-subjects')
export class TeacherSubjectsController {
  constructor(private readonly links: TeacherSubjectsService) {}

  @Get()
  @Roles(...LINK_EDITORS)
  @ApiOperation({ summary: 'Закрепления преподавателей за дисциплинами (для роли DEPARTMENT — только дисциплины своей кафедры)' })
  @ApiOkResponse({ type: [TeacherSubjectResponse] })
  list(@CurrentUser() caller: AuthUser): Promise<TeacherSubjectResponse[]> {
    return this.links.list(caller);
  }

  @PostOk()
  @Roles(...LINK_EDITORS)
  @ApiOperation({
    summary: 'Закрепить преподавателя за дисциплиной',
    description: 'Необязательный lessonTypeIds ограничивает закрепление видами занятий (по умолчанию — все виды).',
  })
  @ApiOkResponse({ type: TeacherSubjectResponse })
  create(@CurrentUser() caller: AuthUser, @Body() body: TeacherSubjectCreateRequest): Promise<TeacherSubjectResponse> {
    return this.links.create(caller, body);
  }

  @Put()
  @Roles(...LINK_EDITORS)
  @ApiOperation({
    summary: 'Задать виды занятий закрепления (тело {userId, subjectId, lessonTypeIds})',
    description:
      'Заменяет ограничение существующего закрепления целиком; пустой массив снимает его (преподаватель ведёт все виды занятий). ' +
      'Для роли DEPARTMENT — только дисциплины своей кафедры.',
  })
  @ApiOkResponse({ type: TeacherSubjectResponse })
  setLessonTypes(@CurrentUser() caller: AuthUser, @Body() body: TeacherSubjectLessonTypesRequest): Promise<TeacherSubjectResponse> {
    return this.links.setLessonTypes(caller, body);
  }

  @Delete()
  @Roles(...LINK_EDITORS)
  @ApiOperation({ summary: 'Снять закрепление (тело {userId, subjectId}); возвращает удалённое' })
  @ApiBody({ type: TeacherSubjectRequest })
  @ApiOkResponse({ type: TeacherSubjectResponse })
  remove(@CurrentUser() caller: AuthUser, @Body() body: TeacherSubjectRequest): Promise<TeacherSubjectResponse> {
    return this.links.remove(caller, body);
  }
}
