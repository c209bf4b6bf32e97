import { Body, Controller, Delete, Get, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiNotModifiedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthUser } from '../../platform/auth/auth-user';
import { CurrentUser, Roles } from '../../platform/auth/decorators';
import { answerConditionally, sendJsonBytes, sendNotModified, setCacheHeaders } from '../../platform/http/conditional';
import { PostOk } from '../../platform/http/decorators';
import { IdParam } from '../../platform/http/id-param';
import { OverrideAvailabilityQuery, OverrideRegistryPageQuery, OverrideRegistryQuery, OverrideRequest } from './dto/override-request.dto';
import { OverrideAvailabilityResponse, OverrideRegistryPageResponse, OverrideResponse } from './dto/override-response.dto';
import { OverrideWriteResponse } from './dto/room-warning.dto';
import { ConditionalAnswer, OverrideReads } from './override-reads.service';
import { OVERRIDE_EDITORS } from './override-rules';
import { ScheduleOverridesService } from './schedule-overrides.service';

const RULES =
  'Только занятия опубликованной версии. CANCEL — без новой даты и new*; MOVE — нужна newTimeSlotId (пара сетки, действующей в день ' +
  'занятия), targetLessonDate — другой день того же семестра, разрешённый календарями всех групп; можно заодно сменить преподавателя, ' +
  'аудиторию, формат; перенос должен менять дату или время. REPLACE — без даты и пары, меняет преподавателя, аудиторию или формат. ' +
  'Занятие перестраивается по правилу (иначе 400). Пересечение с другим занятием версии после всех изменений (преподаватель, ' +
  'аудитория, группа или та же подгруппа) — 409; второе изменение того же занятия — 409.';

const WARNINGS =
  ' Вместимость и оснащение аудитории — качество, а не отказ: изменение сохраняется, а warnings называет аудиторию, где мест меньше, ' +
  'чем студентов занятия, или нет оборудования, нужного дисциплине (для переноса, новой аудитории или нового формата).';

const IfNoneMatch = () => ApiHeader({ name: 'If-None-Match', required: false, description: 'ETag ранее полученного ответа' });

/** 304 when the client holds the current answer, otherwise the answer with its ETag. */
async function conditionally<T>(request: Request, response: Response, answer: ConditionalAnswer<T>): Promise<T | undefined> {
  if (answerConditionally(request, response, answer.etag)) return undefined;
  const made = await answer.make();
  setCacheHeaders(response, answer.etag);
  return made;
}

// Route order matters: `availability` and `page` come before `:id`.
@ApiTags('Разовые изменения расписания')
@ApiBearerAuth()
@Controller('api/edu-office/schedule/overrides')
export class ScheduleOverridesController {
  constructor(
    private readonly reads: OverrideReads,
    private readonly overrides: ScheduleOverridesService,
  ) {}

  @Get()
  @Roles(...OVERRIDE_EDITORS)
  @ApiOperation({
    summary: 'Реестр разовых изменений опубликованных версий',
    description:
      'startDate и endDate — только парой (включительно, не более 200 дат); изменение попадает в период по исходной или новой дате. Без дат — все. ' +
      'Ответ несёт ETag; с If-None-Match неизменившийся реестр отвечает 304 без тела.',
  })
  @IfNoneMatch()
  @ApiOkResponse({ type: [OverrideResponse] })
  @ApiNotModifiedResponse({ description: 'Реестр не изменился' })
  async list(@Query() query: OverrideRegistryQuery, @Req() request: Request, @Res() response: Response): Promise<void> {
    const json = await conditionally(request, response, await this.reads.registryAnswer(query));
    if (json) sendJsonBytes(response, json);
    else sendNotModified(response);
  }

  @Get('page')
  @Roles(...OVERRIDE_EDITORS)
  @ApiOperation({
    summary: 'Страница реестра разовых изменений с фильтрами',
    description:
      'Период — как у реестра; фильтры action, groupId, teacherId (исходный или новый преподаватель), classroomId (исходная или новая аудитория); ' +
      'по исходной дате (direction=desc — сначала поздние). Ответ несёт ETag; с If-None-Match неизменившаяся страница отвечает 304.',
  })
  @IfNoneMatch()
  @ApiOkResponse({ type: OverrideRegistryPageResponse })
  @ApiNotModifiedResponse({ description: 'Страница не изменилась' })
  async page(@Query() query: OverrideRegistryPageQuery, @Req() request: Request, @Res() response: Response): Promise<void> {
    const json = await conditionally(request, response, await this.reads.registryPage(query));
    if (json) sendJsonBytes(response, json);
    else sendNotModified(response);
  }

  @Get('availability')
  @Roles(...OVERRIDE_EDITORS)
  @ApiOperation({ summary: 'Даты семестра, на которые можно перенести занятие (календари всех его групп допускают занятия; кроме исходной даты)' })
  @ApiOkResponse({ type: OverrideAvailabilityResponse })
  availability(@Query() query: OverrideAvailabilityQuery): Promise<OverrideAvailabilityResponse> {
    return this.reads.availability(query);
  }

  @PostOk()
  @Roles(...OVERRIDE_EDITORS)
  @ApiOperation({ summary: 'Создать разовое изменение (MOVE, CANCEL, REPLACE)', description: RULES + WARNINGS })
  @ApiOkResponse({ type: OverrideWriteResponse })
  create(@CurrentUser() caller: AuthUser, @Body() body: OverrideRequest): Promise<OverrideWriteResponse> {
    return this.overrides.create(caller, body);
  }

  @Put(':id')
  @Roles(...OVERRIDE_EDITORS)
  @ApiOperation({ summary: 'Изменить разовое изменение (тело как при создании; baseRuleSlotId и lessonDate менять нельзя — 400)', description: RULES + WARNINGS })
  @ApiOkResponse({ type: OverrideWriteResponse })
  update(@CurrentUser() caller: AuthUser, @IdParam('id') id: number, @Body() body: OverrideRequest): Promise<OverrideWriteResponse> {
    return this.overrides.update(caller, id, body);
  }

  @Delete(':id')
  @Roles(...OVERRIDE_EDITORS)
  @ApiOperation({
    summary: 'Удалить разовое изменение: возвращается занятие по текущему варианту правила; ответ — удалённая запись',
    description: 'Если восстановленное занятие пересеклось бы с занятием, перенесённым на его место, — 409.',
  })
  @ApiOkResponse({ type: OverrideResponse })
  remove(@IdParam('id') id: number): Promise<OverrideResponse> {
    return this.overrides.remove(id);
  }
}
