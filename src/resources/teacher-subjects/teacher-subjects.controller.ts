import { Body, Controller, Delete, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../platform/auth/auth-user';
import { CurrentUser, Roles } from '../../platform/auth/decorators';
import { PostOk } from '../../platform/http/decorators';
import { LINK_EDITORS } from '../shared/roles';
import { TeacherSubjectRequest, TeacherSubjectResponse } from './dto/teacher-subject.dto';
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
  @ApiOperation({ summary: 'Закрепить преподавателя за дисциплиной' })
  @ApiOkResponse({ type: TeacherSubjectResponse })
  create(@CurrentUser() caller: AuthUser, @Body() body: TeacherSubjectRequest): Promise<TeacherSubjectResponse> {
    return this.links.create(caller, body);
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
