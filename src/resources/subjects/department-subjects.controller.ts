import { Body, Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../platform/auth/auth-user';
import { CurrentUser, Roles } from '../../platform/auth/decorators';
import { PostOk } from '../../platform/http/decorators';
import { IdParam } from '../../platform/http/id-param';
import { DepartmentSubjectsService } from './department-subjects.service';
import { SubjectCommentRequest, SubjectCommentResponse } from './dto/subject-comment.dto';
import { SubjectImportItem } from './dto/subject-import.dto';
import { SubjectResponse } from './dto/subject.dto';
import { ImportItemsPipe } from './import-items.pipe';

@ApiTags('Кабинет кафедры')
@ApiBearerAuth()
@Controller('api/department/subjects')
export class DepartmentSubjectsController {
  constructor(private readonly subjects: DepartmentSubjectsService) {}

  @Get()
  @Roles('DEPARTMENT')
  @ApiOperation({ summary: 'Неархивные дисциплины своей кафедры' })
  @ApiOkResponse({ type: [SubjectResponse] })
  list(@CurrentUser() caller: AuthUser): Promise<SubjectResponse[]> {
    return this.subjects.list(caller);
  }

  @PostOk('import')
  @Roles('DEPARTMENT')
  @ApiOperation({
    summary: 'Импорт дисциплин своей кафедры: массив {name, code}; всё или ничего',
    description:
      'Названия сравниваются без учёта регистра и пробелов по краям. Своя дисциплина (и архивная) получает новый код и ' +
      'восстанавливается с тем же id; новое название создаётся на кафедре вызывающего; название чужой кафедры — 409, ' +
      'и ничего не меняется. Повторы в одном списке обрабатываются один раз по последнему значению.',
  })
  @ApiBody({ type: [SubjectImportItem] })
  @ApiOkResponse({ type: [SubjectResponse] })
  import(@CurrentUser() caller: AuthUser, @Body(ImportItemsPipe) items: SubjectImportItem[]): Promise<SubjectResponse[]> {
    return this.subjects.import(caller, items);
  }

  @Get(':subjectId/comments')
  @Roles('DEPARTMENT')
  @ApiOperation({ summary: 'Комментарии к дисциплине своей кафедры (старые сначала)' })
  @ApiOkResponse({ type: [SubjectCommentResponse] })
  comments(@CurrentUser() caller: AuthUser, @IdParam('subjectId') subjectId: number): Promise<SubjectCommentResponse[]> {
    return this.subjects.listComments(caller, subjectId);
  }

  @PostOk(':subjectId/comments')
  @Roles('DEPARTMENT')
  @ApiOperation({ summary: 'Добавить комментарий к дисциплине своей кафедры' })
  @ApiOkResponse({ type: SubjectCommentResponse })
  addComment(
    @CurrentUser() caller: AuthUser,
    @IdParam('subjectId') subjectId: number,
    @Body() body: SubjectCommentRequest,
  ): Promise<SubjectCommentResponse> {
    return this.subjects.addComment(caller, subjectId, body);
  }
}
