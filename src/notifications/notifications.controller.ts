import { Body, Controller, Delete, Get, Header, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser, Public, Roles } from '../platform/auth/decorators';
import { ALL_ROLES } from '../platform/auth/roles';
import { AppError } from '../platform/http/app-error';
import { PostOk } from '../platform/http/decorators';
import { IdParam } from '../platform/http/id-param';
import { QueryInt } from '../platform/http/validators';
import { NotificationPage, NotificationResponse, NotificationSettingsRequest, NotificationSettingsResponse, SubscriptionRequest, SubscriptionResponse } from './dto/subscription.dto';
import { NotificationsService } from './notifications.service';
import { unsubscribePage } from './unsubscribe-page';

class InboxQuery {
  @QueryInt({ min: 0 })
  page: number = 0;

  @QueryInt({ min: 1, max: 100 })
  size: number = 25;
}

@ApiTags('Уведомления')
@Controller('api/notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @ApiBearerAuth()
  @Roles(...ALL_ROLES)
  @ApiOperation({ summary: 'Мои уведомления об изменениях расписания, новые сначала, и число непрочитанных' })
  @ApiOkResponse({ type: NotificationPage })
  inbox(@CurrentUser() caller: AuthUser, @Query() query: InboxQuery): Promise<NotificationPage> {
    return this.notifications.inbox(caller, query.page, query.size);
  }

  @PostOk(':id/read')
  @ApiBearerAuth()
  @Roles(...ALL_ROLES)
  @ApiOperation({ summary: 'Отметить своё уведомление прочитанным' })
  @ApiOkResponse({ type: NotificationResponse })
  read(@CurrentUser() caller: AuthUser, @IdParam('id') id: number): Promise<NotificationResponse> {
    return this.notifications.markRead(caller, id);
  }

  @Get('settings')
  @ApiBearerAuth()
  @Roles(...ALL_ROLES)
  @ApiOperation({ summary: 'Мои настройки: уведомления об изменениях своих занятий (по умолчанию включены)' })
  @ApiOkResponse({ type: NotificationSettingsResponse })
  settings(@CurrentUser() caller: AuthUser): Promise<NotificationSettingsResponse> {
    return this.notifications.settings(caller);
  }

  @Put('settings')
  @ApiBearerAuth()
  @Roles(...ALL_ROLES)
  @ApiOperation({ summary: 'Включить или выключить уведомления об изменениях своих занятий (преподаватель — свои и замены, студент — своей группы)' })
  @ApiOkResponse({ type: NotificationSettingsResponse })
  saveSettings(@CurrentUser() caller: AuthUser, @Body() body: NotificationSettingsRequest): Promise<NotificationSettingsResponse> {
    return this.notifications.saveSettings(caller, body);
  }

  @Get('subscriptions')
  @ApiBearerAuth()
  @Roles(...ALL_ROLES)
  @ApiOperation({ summary: 'Мои подписки на уведомления' })
  @ApiOkResponse({ type: [SubscriptionResponse] })
  list(@CurrentUser() caller: AuthUser): Promise<SubscriptionResponse[]> {
    return this.notifications.list(caller);
  }

  @PostOk('subscriptions')
  @ApiBearerAuth()
  @Roles(...ALL_ROLES)
  @ApiOperation({ summary: 'Подписаться на изменения расписания группы, преподавателя, аудитории или своих занятий' })
  @ApiOkResponse({ type: SubscriptionResponse })
  subscribe(@CurrentUser() caller: AuthUser, @Body() body: SubscriptionRequest): Promise<SubscriptionResponse> {
    return this.notifications.subscribe(caller, body);
  }

  @Delete('subscriptions/:id')
  @ApiBearerAuth()
  @Roles(...ALL_ROLES)
  @ApiOperation({ summary: 'Удалить свою подписку' })
  @ApiOkResponse({ type: SubscriptionResponse })
  unsubscribe(@CurrentUser() caller: AuthUser, @IdParam('id') id: number): Promise<SubscriptionResponse> {
    return this.notifications.unsubscribe(caller, id);
  }

  /** The link in every e-mail: a page with one button (mail scanners open links; only the button unsubscribes). */
  @Get('unsubscribe')
  @Public()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @ApiQuery({ name: 'token', required: true })
  @ApiProduces('text/html')
  @ApiOperation({ summary: 'Страница отписки по ссылке из письма (без входа)' })
  async confirm(@Query('token') token: string, @Res({ passthrough: true }) res: Response): Promise<string> {
    const given = typeof token === 'string' ? token : '';
    try {
      // A link that can no longer unsubscribe says so at once (404), not after the button.
      await this.notifications.subscriptionOfLink(given);
      return unsubscribePage({ kind: 'confirm', token: given });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      res.status(error.status);
      return unsubscribePage({ kind: 'refused', message: error.message });
    }
  }

  /** The button of that page, and the mail program's one-click unsubscribe (RFC 8058). */
  @PostOk('unsubscribe')
  @Public()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @ApiQuery({ name: 'token', required: true })
  @ApiProduces('text/html')
  @ApiOperation({ summary: 'Отписаться по ссылке из письма (без входа); ссылка действует один раз' })
  async unsubscribeByLink(@Query('token') token: string, @Res({ passthrough: true }) res: Response): Promise<string> {
    try {
      const done = await this.notifications.unsubscribeByToken(typeof token === 'string' ? token : '');
      return unsubscribePage(done.ownLessons ? { kind: 'done-own' } : { kind: 'done', targetName: done.targetName });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      res.status(error.status);
      return unsubscribePage({ kind: 'refused', message: error.message });
    }
  }
}
