import { Body, Controller, Delete, Get, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiConflictResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../platform/auth/auth-user';
import { CurrentUser, Roles } from '../../platform/auth/decorators';
import { PostOk } from '../../platform/http/decorators';
import { IdParam } from '../../platform/http/id-param';
import { Page } from '../../platform/http/paging';
import { RuleEndingsResponse } from '../../platform/rules-of-archived';
import { RULE_EDITORS, RULE_READERS } from './access';
import { ArchivePreviewQuery } from './dto/archive-preview.dto';
import { RuleEndings } from './rule-endings';
import { FreeCellRoomResponse, FreeCellRoomsQuery, FreeCellsQuery, FreeCellsResponse } from './dto/free-cells.dto';
import { RuleBulkRequest, RuleBulkResponse } from './dto/rule-bulk.dto';
import { RuleRequest } from './dto/schedule-rule.dto';
import {
  EffectiveFromQuery,
  RuleConflictResponse,
  RuleHistoryQuery,
  RuleListQuery,
  RulePageQuery,
  RulePageResponse,
  RuleResponse,
  RuleWriteResponse,
} from './dto/schedule-rule-response.dto';
import { FreeCellsService } from './free-cells.service';
import { ScheduleRuleBulk } from './rule-bulk';
import { ScheduleRuleReads } from './schedule-rule-reads.service';
import { ScheduleRulesService } from './schedule-rules.service';

const VALIDATION =
  'Версия PUBLISHED или DRAFT данного семестра (в архивной — 409); пары только основной сетки; подгруппы только у лабораторных работ ' +
  'и только групп правила; часы кратны 2, у каждого вида с часами есть слоты; неизвестные идентификаторы — 400. ' +
  'Затем сгенерированные занятия сверяются между собой и с действующими правилами той же версии: совпадение преподавателя, ' +
  'аудитории или группы (подгруппы) — 409 с описанием конфликта.';

// Route order matters: `page`, `free-cells` and `free-cells/classrooms` come before `:id`.
@ApiTags('Правила расписания')
@ApiBearerAuth()
@Controller('api/admin/schedule-rules')
export class ScheduleRulesController {
  constructor(
    private readonly reads: ScheduleRuleReads,
    private readonly rules: ScheduleRulesService,
    private readonly freeCellGrid: FreeCellsService,
    private readonly bulkChanges: ScheduleRuleBulk,
    private readonly endings: RuleEndings,
  ) {}

  @Get()
  @Roles(...RULE_READERS)
  @ApiOperation({ summary: 'Действующие правила версии; без versionId — текущих опубликованных версий (фильтры semesterId, groupId)' })
  @ApiOkResponse({ type: [RuleResponse] })
  list(@Query() query: RuleListQuery): Promise<RuleResponse[]> {
    return this.reads.list(query);
  }

  @Get('page')
  @Roles(...RULE_READERS)
  @ApiOperation({ summary: 'Страница действующих правил версии, новые первыми; поиск по дисциплине, группе или точному id' })
  @ApiOkResponse({ type: RulePageResponse })
  page(@Query() query: RulePageQuery): Promise<Page<RuleResponse>> {
    return this.reads.page(query);
  }

  @Get('free-cells')
  @Roles(...RULE_EDITORS)
  @ApiOperation({
    summary: 'Свободные ячейки недели для слота с этими значениями («почему не здесь»)',
    description:
      'Каждый день 1..7 × каждая пара основной сетки: free — слот с этими значениями можно сохранить в ячейке сейчас ' +
      '(те же проверки, что при создании правила); иначе причины (преподаватель, аудитория, группа, подгруппа, жёсткое ' +
      'ограничение преподавателя, нет занятий в этот день) с правилом и неделями; подсказки (пожелания, окна) не мешают сохранению.',
  })
  @ApiOkResponse({ type: FreeCellsResponse })
  freeCells(@Query() query: FreeCellsQuery): Promise<FreeCellsResponse> {
    return this.freeCellGrid.grid(query);
  }

  @Get('free-cells/classrooms')
  @Roles(...RULE_EDITORS)
  @ApiOperation({
    summary: 'Свободные аудитории для слота в одной ячейке (день и пара)',
    description:
      'Аудитории в работе, вмещающие группы правила (или выбранные подгруппы), в которых слот с этими значениями можно сохранить ' +
      'в ячейке dayOfWeek × timeSlotId сейчас: те же проверки, что у сетки свободных ячеек. Сначала самые маленькие из подходящих.',
  })
  @ApiOkResponse({ type: [FreeCellRoomResponse] })
  freeCellRooms(@Query() query: FreeCellRoomsQuery): Promise<FreeCellRoomResponse[]> {
    return this.freeCellGrid.rooms(query);
  }

  @Get('archive-preview')
  @Roles(...RULE_EDITORS)
  @ApiOperation({
    summary: 'Какие правила завершит архивирование группы, дисциплины, преподавателя или аудитории (ничего не меняет)',
    description:
      'Ровно один из groupId, subjectId, teacherId, classroomId. Правила опубликованной версии и черновиков семестров, которые ещё идут: ' +
      'с какого дня они (или только слоты с этим преподавателем или аудиторией) завершатся, сколько занятий уйдёт и какие разовые ' +
      'изменения удалятся вместе с ними — то же, что сделает DELETE записи с тем же effectiveFrom.',
  })
  @ApiOkResponse({ type: RuleEndingsResponse })
  async archivePreview(@Query() query: ArchivePreviewQuery): Promise<RuleEndingsResponse> {
    return { endedRules: await this.endings.preview(query.record(), query.effectiveFrom) };
  }

  @Get(':id')
  @Roles(...RULE_READERS)
  @ApiOperation({ summary: 'Правило (в том числе архивное)' })
  @ApiOkResponse({ type: RuleResponse })
  get(@IdParam('id') id: number, @Query() query: RuleHistoryQuery): Promise<RuleResponse> {
    return this.reads.get(id, query.history === true);
  }

  @PostOk()
  @Roles(...RULE_EDITORS)
  @ApiOperation({ summary: 'Создать правило', description: VALIDATION })
  @ApiOkResponse({ type: RuleWriteResponse })
  @ApiConflictResponse({ type: RuleConflictResponse, description: 'Конфликт занятий (или общее тело ошибки для архивной версии)' })
  create(@CurrentUser() caller: AuthUser, @Body() body: RuleRequest): Promise<RuleResponse | RuleWriteResponse> {
    return this.rules.create(caller, body);
  }

  @PostOk('bulk')
  @Roles(...RULE_EDITORS)
  @ApiOperation({
    summary: 'Изменить несколько правил одного семестра сразу: всё или ничего',
    description:
      'Перенос в другую версию того же семестра, архивирование, смена преподавателя или аудитории выбранных правил одной транзакцией ' +
      'под блокировкой семестра. Каждое правило проверяется так же, как при PUT (или DELETE), в том числе с уже изменёнными правилами ' +
      'этого запроса; первый отказ отменяет всё. Неизвестное правило — 404; конфликт — 409 с ruleId (выбранное правило), slotId, ' +
      'conflictRule и conflictSlot.',
  })
  @ApiOkResponse({ type: RuleBulkResponse })
  @ApiConflictResponse({ type: RuleConflictResponse })
  bulk(@Body() body: RuleBulkRequest): Promise<RuleBulkResponse> {
    return this.bulkChanges.apply(body);
  }

  @Put(':id')
  @Roles(...RULE_EDITORS)
  @ApiOperation({
    summary: 'Изменить правило (тело как при создании)',
    description: `Слоты с id сохраняют идентификатор, без id — новые, отсутствующие удаляются. Версию и семестр менять нельзя. ${VALIDATION}`,
  })
  @ApiOkResponse({ type: RuleWriteResponse })
  @ApiConflictResponse({
    type: RuleConflictResponse,
    description:
      'Конфликт занятий; либо общее тело ошибки с unmatchedOverrides — разовые изменения, которые после изменения с даты ' +
      'больше не совпадают с занятием: повторите запрос с overrideDecisions',
  })
  update(@IdParam('id') id: number, @Body() body: RuleRequest): Promise<RuleResponse | RuleWriteResponse> {
    return this.rules.update(id, body);
  }

  @Delete(':id')
  @Roles(...RULE_EDITORS)
  @ApiOperation({
    summary: 'Архивировать правило (только в версии PUBLISHED или DRAFT); возвращает его',
    description:
      'С effectiveFrom после первого дня семестра правило завершается накануне этой даты: прошедшие занятия остаются, правило читается ' +
      'как завершённое (activeTo). Разовые изменения его занятий с этой даты удаляются только с dropOverrides=true, ' +
      'иначе 409 со списком unmatchedOverrides.',
  })
  @ApiOkResponse({ type: RuleWriteResponse })
  archive(@IdParam('id') id: number, @Query() query: EffectiveFromQuery): Promise<RuleResponse | RuleWriteResponse> {
    return this.rules.archive(id, query.effectiveFrom, query.dropOverrides === true);
  }
}
