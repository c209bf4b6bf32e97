import { Body, Controller, Delete, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser, Roles } from '../platform/auth/decorators';
import { PostOk } from '../platform/http/decorators';
import { IdParam } from '../platform/http/id-param';
import { CANDIDATE_READERS, CHANGE_REQUEST_AUTHORS, CHANGE_REQUEST_READERS, CHANGE_REQUEST_REVIEWERS } from './change-request-rules';
import { ChangeRequestCandidatesService } from './change-request-candidates.service';
import { ChangeRequestReviewService } from './change-request-review.service';
import { ChangeRequestsService } from './change-requests.service';
import {
  CandidatesQuery,
  ChangeRequestCandidatesResponse,
  ChangeRequestListQuery,
  ChangeRequestRequest,
  ChangeRequestResponse,
  ChangeRequestReviewRequest,
  ChangeRequestReviewResponse,
} from './dto/change-request.dto';

const SCOPE =
  'TEACHER — только свои заявки; ADMIN и EDUCATION_OFFICE — все; DEPARTMENT — заявки преподавателей, закреплённых за кафедрой ' +
  '(основное или дополнительное закрепление) на дату занятия.';

@ApiTags('Заявки преподавателей на изменение занятий')
@ApiBearerAuth()
@Controller('api/teacher-change-requests')
export class TeacherChangeRequestsController {
  constructor(
    private readonly requests: ChangeRequestsService,
    private readonly reviews: ChangeRequestReviewService,
    private readonly candidateFinder: ChangeRequestCandidatesService,
  ) {}

  @Get()
  @Roles(...CHANGE_REQUEST_READERS)
  @ApiOperation({ summary: 'Журнал заявок с историей решений, видимый роли (новые сначала)', description: SCOPE })
  @ApiOkResponse({ type: [ChangeRequestResponse] })
  list(@CurrentUser() caller: AuthUser, @Query() query: ChangeRequestListQuery): Promise<ChangeRequestResponse[]> {
    return this.requests.list(caller, query);
  }

  @Get('candidates')
  @Roles(...CANDIDATE_READERS)
  @ApiOperation({
    summary: 'Проверенные варианты для заявки: дни переноса, свободные пары выбранного дня, свободные аудитории',
    description:
      'Только для занятия опубликованного расписания без разовых изменений; TEACHER — только по своему занятию. Каждый вариант уже прошёл ' +
      'проверку разового изменения (пересечения, календари групп, действующая сетка дня, отсутствия и утверждённая недоступность).',
  })
  @ApiOkResponse({ type: ChangeRequestCandidatesResponse })
  candidates(@CurrentUser() caller: AuthUser, @Query() query: CandidatesQuery): Promise<ChangeRequestCandidatesResponse> {
    return this.candidateFinder.candidates(caller, query);
  }

  @PostOk()
  @Roles(...CHANGE_REQUEST_AUTHORS)
  @ApiOperation({
    summary: 'Подать заявку по своему занятию (статус PENDING)',
    description:
      'MOVE — requestedTimeSlotId и по желанию targetLessonDate; CHANGE_CLASSROOM — только requestedClassroomId; CANCEL — без полей. ' +
      'reason обязателен. Занятие должно быть своим и без разовых изменений (иначе 403 и 409); по занятию может ждать только одна ' +
      'заявка (409). Заявка проверяется так же, как разовое изменение: 400 или 409 с причиной.',
  })
  @ApiOkResponse({ type: ChangeRequestResponse })
  submit(@CurrentUser() caller: AuthUser, @Body() body: ChangeRequestRequest): Promise<ChangeRequestResponse> {
    return this.requests.submit(caller, body);
  }

  @PostOk(':id/review')
  @Roles(...CHANGE_REQUEST_REVIEWERS)
  @ApiOperation({
    summary: 'Применить или отклонить ожидающую заявку (тело {approved, comment}; при отклонении comment обязателен)',
    description:
      'Применение повторно проверяет заявку и в той же транзакции создаёт обычное разовое изменение (appliedOverrideId, событие APPROVED). ' +
      'Если расписание изменилось и заявка больше не проходит проверку — 409, ничего не меняется, заявка ждёт решения. ' +
      'warnings называет аудиторию, где мест меньше, чем студентов занятия, или нет нужного оборудования: заявка при этом применена.',
  })
  @ApiOkResponse({ type: ChangeRequestReviewResponse })
  review(@CurrentUser() caller: AuthUser, @IdParam('id') id: number, @Body() body: ChangeRequestReviewRequest): Promise<ChangeRequestReviewResponse> {
    return this.reviews.review(caller, id, body);
  }

  @Delete(':id')
  @Roles(...CHANGE_REQUEST_AUTHORS)
  @ApiOperation({ summary: 'Отозвать свою ожидающую заявку: статус CANCELLED; ответ — заявка после изменения' })
  @ApiOkResponse({ type: ChangeRequestResponse })
  withdraw(@CurrentUser() caller: AuthUser, @IdParam('id') id: number): Promise<ChangeRequestResponse> {
    return this.requests.withdraw(caller, id);
  }
}
