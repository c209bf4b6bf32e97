import { Body, Controller, Delete, Get, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../platform/auth/auth-user';
import { CurrentUser, Roles } from '../../platform/auth/decorators';
import { PostOk } from '../../platform/http/decorators';
import { IdParam } from '../../platform/http/id-param';
import { VERSION_EDITORS } from './access';
import { VersionDiffResponse } from './dto/version-diff.dto';
import { EffectiveFromQuery, SemesterVersionsQuery, VersionCreateRequest, VersionDiffQuery, VersionPublishRequest, VersionReasonRequest } from './dto/version-requests.dto';
import { PublishedVersionResponse, VersionEventResponse, VersionResponse } from './dto/version-response.dto';
import { VersionValidationResponse } from './dto/version-validation.dto';
import { VersionLocksRequest } from './dto/version-locks.dto';
import { VersionLocksDto } from '../core';
import { VersionLocksService } from './version-locks.service';
import { ScheduleVersionsService } from './schedule-versions.service';
import { VersionDiffService } from './version-diff.service';
import { VersionPublicationService } from './version-publication.service';

const REVALIDATION =
  'Одна транзакция под блокировкой семестра: все действующие правила версии проверяются заново (ссылки, часы, пересечения занятий); ' +
  'при любой проблеме — 409 с первой из них, и ни один статус не меняется. Текущая опубликованная версия уходит в архив.';

// Route order matters: `history` comes before `:id`.
@ApiTags('Версии расписания')
@ApiBearerAuth()
@Controller('api/edu-office/schedule/versions')
export class ScheduleVersionsController {
  constructor(
    private readonly versions: ScheduleVersionsService,
    private readonly publication: VersionPublicationService,
    private readonly diffs: VersionDiffService,
    private readonly locks: VersionLocksService,
  ) {}

  @Get(':id/locks')
  @Roles(...VERSION_EDITORS)
  @ApiOperation({
    summary: 'Закрепления версии для расчёта расписания',
    description: 'Правила, группы, преподаватели, аудитории и кафедры, правила которых расчёт (GENERATE и REPAIR) оставляет на местах, и все правила, которые они держат.',
  })
  @ApiOkResponse({ type: VersionLocksDto })
  getLocks(@IdParam('id') id: number): Promise<VersionLocksDto> {
    return this.locks.get(id);
  }

  @Put(':id/locks')
  @Roles(...VERSION_EDITORS)
  @ApiOperation({
    summary: 'Заменить закрепления версии',
    description:
      'Черновик и опубликованная версия; архивная — только для чтения (409). Неизвестный id — 400 с полем списка. Закрепления связывают только расчёт: правило можно править вручную. ' +
      'Копия версии переносит их.',
  })
  @ApiOkResponse({ type: VersionLocksDto })
  putLocks(@CurrentUser() caller: AuthUser, @IdParam('id') id: number, @Body() body: VersionLocksRequest): Promise<VersionLocksDto> {
    return this.locks.put(caller, id, body);
  }

  @Get()
  @Roles(...VERSION_EDITORS)
  @ApiOperation({ summary: 'Версии семестра, новые первыми' })
  @ApiOkResponse({ type: [VersionResponse] })
  list(@Query() query: SemesterVersionsQuery): Promise<VersionResponse[]> {
    return this.versions.list(query.semesterId);
  }

  @Get('history')
  @Roles(...VERSION_EDITORS)
  @ApiOperation({ summary: 'Хронология версий семестра (создание, публикация, архивация, восстановление), старые первыми' })
  @ApiOkResponse({ type: [VersionEventResponse] })
  history(@Query() query: SemesterVersionsQuery): Promise<VersionEventResponse[]> {
    return this.versions.history(query.semesterId);
  }

  @Get(':id')
  @Roles(...VERSION_EDITORS)
  @ApiOperation({ summary: 'Версия расписания' })
  @ApiOkResponse({ type: VersionResponse })
  get(@IdParam('id') id: number): Promise<VersionResponse> {
    return this.versions.get(id);
  }

  @PostOk()
  @Roles(...VERSION_EDITORS)
  @ApiOperation({
    summary: 'Создать черновик: пустой или копию версии того же семестра',
    description: 'Копия переносит действующие правила с группами, слотами и подгруппами (новые id), сохраняет versionGroupId и происхождение правил.',
  })
  @ApiOkResponse({ type: VersionResponse })
  create(@CurrentUser() caller: AuthUser, @Body() body: VersionCreateRequest): Promise<VersionResponse> {
    return this.versions.create(caller, body);
  }

  @Delete(':id')
  @Roles(...VERSION_EDITORS)
  @ApiOperation({
    summary: 'Удалить черновик, который ни разу не публиковался; возвращает удалённый',
    description:
      'Удаляются правила черновика со всем, что к ним относится, его история и его расчёты. Черновики-копии остаются (basedOnVersionId у них становится null), ' +
      'расчёт, результатом которого был черновик, остаётся с resultVersionId = null. 409, пока на версии ждёт или идёт расчёт; 400 для любой другой версии.',
  })
  @ApiOkResponse({ type: VersionResponse })
  remove(@IdParam('id') id: number): Promise<VersionResponse> {
    return this.versions.remove(id);
  }

  @Get(':id/validate')
  @Roles(...VERSION_EDITORS)
  @ApiOperation({ summary: 'Полная проверка действующих правил версии (любого статуса): ссылки, часы, пересечения всех занятий' })
  @ApiOkResponse({ type: VersionValidationResponse })
  validate(@IdParam('id') id: number, @Query() query: EffectiveFromQuery): Promise<VersionValidationResponse> {
    return this.versions.validate(id, query.effectiveFrom);
  }

  @Get(':id/diff')
  @Roles(...VERSION_EDITORS)
  @ApiOperation({ summary: 'Сравнение с базовой версией того же семестра: правила (по происхождению) и сгенерированные занятия' })
  @ApiOkResponse({ type: VersionDiffResponse })
  diff(@IdParam('id') id: number, @Query() query: VersionDiffQuery): Promise<VersionDiffResponse> {
    return this.diffs.diff(id, query.baseVersionId, query.effectiveFrom);
  }

  @PostOk(':id/publish')
  @Roles(...VERSION_EDITORS)
  @ApiOperation({
    summary: 'Опубликовать черновик',
    description:
      `${REVALIDATION} С effectiveFrom после первого дня семестра черновик сначала принимает прошлое опубликованной версии; ` +
      'разовые изменения с этой даты, которые больше не совпадают с занятием, — 409 с unmatchedOverrides, пока для каждого нет решения в overrideDecisions; ' +
      'замены, которые черновик делает пустыми, удаляются и перечислены в redundantOverrides ответа. ' +
      'Заявки преподавателей и решения по отсутствиям на занятия с этой даты следуют за занятием или отклоняются (снимаются): affectedRequests.',
  })
  @ApiOkResponse({ type: PublishedVersionResponse })
  publish(@CurrentUser() caller: AuthUser, @IdParam('id') id: number, @Body() body: VersionPublishRequest): Promise<PublishedVersionResponse> {
    return this.publication.publish(caller, id, body.reason, body.effectiveFrom, body.overrideDecisions ?? []);
  }

  @PostOk(':id/restore')
  @Roles(...VERSION_EDITORS)
  @ApiOperation({ summary: 'Восстановить ранее опубликованную архивную версию', description: REVALIDATION })
  @ApiOkResponse({ type: VersionResponse })
  restore(@CurrentUser() caller: AuthUser, @IdParam('id') id: number, @Body() body: VersionReasonRequest): Promise<VersionResponse> {
    return this.publication.restore(caller, id, body.reason);
  }
}
