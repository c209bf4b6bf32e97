import { Body, Controller, Delete, Get, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser, Roles } from '../platform/auth/decorators';
import { PostOk } from '../platform/http/decorators';
import { IdParam } from '../platform/http/id-param';
import { PreferenceListQuery, PreferenceMetaResponse, PreferenceRequest, PreferenceResponse, PreferenceReviewRequest, PreferenceWeekRequest } from './dto/preference.dto';
import { PREFERENCE_REVIEWERS, PREFERENCE_USERS } from './preference-rules';
import { TeacherPreferencesService } from './teacher-preferences.service';

const SCOPE =
  'TEACHER — только свои; ADMIN и EDUCATION_OFFICE — все; DEPARTMENT — преподаватели, закреплённые за кафедрой (основное или ' +
  'дополнительное закрепление) хотя бы на часть семестра.';

// Route order matters: `meta` comes before `:id`.
@ApiTags('Пожелания преподавателей')
@ApiBearerAuth()
@Controller('api/teacher-preferences')
export class TeacherPreferencesController {
  constructor(private readonly preferences: TeacherPreferencesService) {}

  @Get('meta')
  @Roles(...PREFERENCE_USERS)
  @ApiOperation({ summary: 'Семестры, пары основной сетки, дни недели и виды пожеланий для календаря доступности' })
  @ApiOkResponse({ type: PreferenceMetaResponse })
  meta(): Promise<PreferenceMetaResponse> {
    return this.preferences.describe();
  }

  @Get()
  @Roles(...PREFERENCE_USERS)
  @ApiOperation({ summary: 'Пожелания, видимые роли', description: SCOPE })
  @ApiOkResponse({ type: [PreferenceResponse] })
  list(@CurrentUser() caller: AuthUser, @Query() query: PreferenceListQuery): Promise<PreferenceResponse[]> {
    return this.preferences.list(caller, query);
  }

  @Put('week')
  @Roles('TEACHER')
  @ApiOperation({
    summary: 'Сохранить свою неделю пожеланий одним запросом',
    description:
      'Каждая названная ячейка (день недели × пара основной сетки) получает отметку (новая ждёт решения, PENDING) или теряет её (null); ' +
      'прежняя отметка ячейки отзывается (ожидающая) или отменяется (утверждённая). Всё или ничего. Ответ — пожелания семестра.',
  })
  @ApiOkResponse({ type: [PreferenceResponse] })
  saveWeek(@CurrentUser() caller: AuthUser, @Body() body: PreferenceWeekRequest): Promise<PreferenceResponse[]> {
    return this.preferences.saveWeek(caller, body);
  }

  @PostOk()
  @Roles(...PREFERENCE_USERS)
  @ApiOperation({
    summary: 'Подать пожелание',
    description:
      'TEACHER подаёт за себя (teacherId заменяется на вызывающего), статус PENDING. ADMIN, EDUCATION_OFFICE и DEPARTMENT (только для ' +
      'своих преподавателей) создают сразу APPROVED. Пара дня недели — dayOfWeek + timeSlotId основной сетки; целый день — только ' +
      'preferenceDate внутри семестра; CONSECUTIVE и NO_GAPS — на семестр или на день недели. Повтор ожидающего или утверждённого — 409.',
  })
  @ApiOkResponse({ type: PreferenceResponse })
  create(@CurrentUser() caller: AuthUser, @Body() body: PreferenceRequest): Promise<PreferenceResponse> {
    return this.preferences.create(caller, body);
  }

  @PostOk(':id/review')
  @Roles(...PREFERENCE_REVIEWERS)
  @ApiOperation({ summary: 'Утвердить или отклонить ожидающее пожелание (при отклонении comment обязателен)', description: SCOPE })
  @ApiOkResponse({ type: PreferenceResponse })
  review(@CurrentUser() caller: AuthUser, @IdParam('id') id: number, @Body() body: PreferenceReviewRequest): Promise<PreferenceResponse> {
    return this.preferences.review(caller, id, body);
  }

  @Delete(':id')
  @Roles(...PREFERENCE_USERS)
  @ApiOperation({
    summary: 'Отозвать ожидающее (WITHDRAWN) или отменить утверждённое (CANCELLED) пожелание; ответ — запись после изменения',
    description: `Отмена утверждённого ограничения снимает блокировку сразу. ${SCOPE}`,
  })
  @ApiOkResponse({ type: PreferenceResponse })
  remove(@CurrentUser() caller: AuthUser, @IdParam('id') id: number): Promise<PreferenceResponse> {
    return this.preferences.close(caller, id);
  }
}
