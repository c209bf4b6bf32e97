import { Body, Controller, Delete, Get, Param, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser, Public, Roles } from '../platform/auth/decorators';
import { answerConditionally, sendBytes, sendNotModified, setCacheHeaders } from '../platform/http/conditional';
import { PostOk } from '../platform/http/decorators';
import { IdParam } from '../platform/http/id-param';
import { NotFoundError } from '../platform/http/app-error';
import { CalendarFeedsService } from './calendar-feeds.service';
import { CalendarFeedRequest, CalendarFeedResponse, CreatedCalendarFeedResponse } from './dto/calendar-feed.dto';
import { FeedDocumentsService } from './feed-documents.service';
import { FEED_DOCUMENT_NOT_FOUND, FEED_SUBSCRIBERS } from './feed-rules';

const WHO =
  'Любая роль может подписаться на расписание любой группы, преподавателя или аудитории (как и просмотр расписания); ' +
  'MY_LESSONS — только преподаватель, на свои занятия. Подписка принадлежит создателю: только он видит и отзывает её.';

@ApiTags('Подписки на календарь')
@ApiBearerAuth()
@Controller('api/calendar-feeds')
export class CalendarFeedsController {
  constructor(private readonly feeds: CalendarFeedsService) {}

  @PostOk()
  @Roles(...FEED_SUBSCRIBERS)
  @ApiOperation({
    summary: 'Создать подписку на календарь (iCalendar); адрес с секретом показывается только в этом ответе',
    description: `${WHO} Не более 50 действующих подписок на пользователя (409).`,
  })
  @ApiOkResponse({ type: CreatedCalendarFeedResponse })
  create(@CurrentUser() caller: AuthUser, @Body() body: CalendarFeedRequest): Promise<CreatedCalendarFeedResponse> {
    return this.feeds.create(caller, body);
  }

  @Get()
  @Roles(...FEED_SUBSCRIBERS)
  @ApiOperation({ summary: 'Свои действующие подписки на календарь, новые первыми (без адресов: секрет не хранится)', description: WHO })
  @ApiOkResponse({ type: [CalendarFeedResponse] })
  list(@CurrentUser() caller: AuthUser): Promise<CalendarFeedResponse[]> {
    return this.feeds.list(caller);
  }

  @Delete(':id')
  @Roles(...FEED_SUBSCRIBERS)
  @ApiOperation({ summary: 'Отозвать свою подписку: её адрес сразу отвечает 404; повторный отзыв безвреден', description: WHO })
  @ApiOkResponse({ type: CalendarFeedResponse })
  revoke(@CurrentUser() caller: AuthUser, @IdParam('id') id: number): Promise<CalendarFeedResponse> {
    return this.feeds.revoke(caller, id);
  }
}

/** The feed documents, outside /api: calendar apps cannot send a bearer token, the secret in the path is the credential. */
@ApiTags('Подписки на календарь')
@Controller('ical')
export class IcalFeedController {
  constructor(private readonly documents: FeedDocumentsService) {}

  @Get(':file')
  @Public()
  @ApiOperation({
    summary: 'Календарь подписки (RFC 5545): занятия с двух недель назад до конца следующего семестра, отменённые — STATUS:CANCELLED',
    description: 'Адрес из ответа на создание подписки. ETag и If-None-Match (304); неизвестный или отозванный адрес — 404.',
  })
  @ApiProduces('text/calendar')
  @ApiOkResponse({ description: 'Документ iCalendar' })
  @ApiNotFoundResponse({ description: 'Календарь не найден' })
  async feed(@Param('file') file: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    if (!file.endsWith('.ics')) throw new NotFoundError(FEED_DOCUMENT_NOT_FOUND);
    const answer = await this.documents.open(file.slice(0, -'.ics'.length));
    if (answerConditionally(request, response, answer.etag)) return sendNotModified(response);
    const document = await answer.document();
    setCacheHeaders(response, answer.etag);
    response.setHeader('Content-Disposition', 'inline; filename="timetable.ics"');
    sendBytes(response, document, 'text/calendar; charset=utf-8');
  }
}
