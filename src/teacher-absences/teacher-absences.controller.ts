import { Body, Controller, Delete, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser, Roles } from '../platform/auth/decorators';
import { PostOk } from '../platform/http/decorators';
import { IdParam } from '../platform/http/id-param';
import { ABSENCE_PLANNERS, ABSENCE_REVIEWERS, ABSENCE_USERS } from './absence-rules';
import { AbsenceResolutionService } from './absence-resolution.service';
import { AbsenceWizardService } from './absence-wizard.service';
import {
  AbsenceListQuery,
  AbsenceRequest,
  AbsenceResolveRequest,
  AbsenceResolveResponse,
  AbsenceResponse,
  AbsenceReviewRequest,
  AbsenceWizardResponse,
} from './dto/absence.dto';
import { TeacherAbsencesService } from './teacher-absences.service';

const SCOPE = 'TEACHER — только свои; ADMIN и EDUCATION_OFFICE — все; DEPARTMENT — преподаватели, закреплённые за кафедрой в период отсутствия.';

@ApiTags('Отсутствия преподавателей')
@ApiBearerAuth()
@Controller('api/teacher-absences')
export class TeacherAbsencesController {
  constructor(
    private readonly absences: TeacherAbsencesService,
    private readonly wizards: AbsenceWizardService,
    private readonly resolutions: AbsenceResolutionService,
  ) {}

  @Get()
  @Roles(...ABSENCE_USERS)
  @ApiOperation({ summary: 'Отсутствия, видимые роли', description: SCOPE })
  @ApiOkResponse({ type: [AbsenceResponse] })
  list(@CurrentUser() caller: AuthUser, @Query() query: AbsenceListQuery): Promise<AbsenceResponse[]> {
    return this.absences.list(caller, query);
  }

  @PostOk()
  @Roles(...ABSENCE_USERS)
  @ApiOperation({
    summary: 'Заявить отсутствие',
    description:
      'TEACHER — за себя (teacherId заменяется на вызывающего), статус PENDING; ADMIN, EDUCATION_OFFICE и DEPARTMENT (для своих ' +
      'преподавателей) — сразу APPROVED. Период включительно, не длиннее 120 дней; пересечение с действующим (PENDING, APPROVED, ' +
      'RESOLVED) отсутствием того же преподавателя — 409.',
  })
  @ApiOkResponse({ type: AbsenceResponse })
  create(@CurrentUser() caller: AuthUser, @Body() body: AbsenceRequest): Promise<AbsenceResponse> {
    return this.absences.create(caller, body);
  }

  @PostOk(':id/review')
  @Roles(...ABSENCE_REVIEWERS)
  @ApiOperation({ summary: 'Утвердить или отклонить ожидающее отсутствие (тело {approved, comment}; при отклонении comment обязателен)', description: SCOPE })
  @ApiOkResponse({ type: AbsenceResponse })
  review(@CurrentUser() caller: AuthUser, @IdParam('id') id: number, @Body() body: AbsenceReviewRequest): Promise<AbsenceResponse> {
    return this.absences.review(caller, id, body);
  }

  @Delete(':id')
  @Roles(...ABSENCE_USERS)
  @ApiOperation({
    summary: 'Отменить ожидающее или ещё не обработанное (без решений) отсутствие: статус CANCELLED; ответ — запись после изменения',
    description: SCOPE,
  })
  @ApiOkResponse({ type: AbsenceResponse })
  remove(@CurrentUser() caller: AuthUser, @IdParam('id') id: number): Promise<AbsenceResponse> {
    return this.absences.cancel(caller, id);
  }

  @Get(':id/wizard')
  @Roles(...ABSENCE_PLANNERS)
  @ApiOperation({
    summary: 'Мастер замен: затронутые занятия с проверенными вариантами и журнал решений',
    description:
      'Только для утверждённого (APPROVED) или решённого (RESOLVED) отсутствия. Для каждого занятия без решения: замещающие преподаватели ' +
      '(закреплены за дисциплиной и видом занятий, свободны, не отсутствуют, не закрыли это время), переносы на ближайшие учебные даты вне ' +
      'отсутствия, свободные аудитории, отмена — каждый вариант уже прошёл проверку разового изменения.',
  })
  @ApiOkResponse({ type: AbsenceWizardResponse })
  async wizard(@IdParam('id') id: number): Promise<AbsenceWizardResponse> {
    return this.wizards.wizard(await this.absences.plannable(id));
  }

  @PostOk(':id/resolve')
  @Roles(...ABSENCE_PLANNERS)
  @ApiOperation({
    summary: 'Применить решения по занятиям одной транзакцией',
    description:
      'REPLACE_TEACHER (newTeacherId, по желанию newClassroomId), MOVE_TIME (newTimeSlotId, по желанию targetLessonDate и newClassroomId), ' +
      'CHANGE_CLASSROOM (newClassroomId), CANCEL — создают обычные разовые изменения; REJECT — осознанный отказ без изменений. Любой ' +
      'конфликт — 409, и ни одно решение не применяется. Когда у всех затронутых занятий есть решение, отсутствие становится RESOLVED.',
  })
  @ApiOkResponse({ type: AbsenceResolveResponse })
  async resolve(@CurrentUser() caller: AuthUser, @IdParam('id') id: number, @Body() body: AbsenceResolveRequest): Promise<AbsenceResolveResponse> {
    return this.resolutions.resolve(caller, await this.absences.plannable(id), body);
  }
}
