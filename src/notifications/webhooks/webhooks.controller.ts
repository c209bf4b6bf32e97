import { Body, Controller, Delete, Get, Injectable } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../platform/auth/auth-user';
import { CurrentUser, Roles } from '../../platform/auth/decorators';
import { BadRequestError, NotFoundError } from '../../platform/http/app-error';
import { PostOk } from '../../platform/http/decorators';
import { IdParam } from '../../platform/http/id-param';
import { CreatedWebhookResponse, WebhookDeliveryResponse, WebhookRequest, WebhookResponse } from './webhook.dto';
import { WebhookAddresses } from './webhook-addresses';
import { newWebhookSecret } from './webhook-signature';
import { WebhooksRepository } from './webhooks.repository';

const WEBHOOK_NOT_FOUND = 'Вебхук не найден';

/** The administrator's webhooks: other systems of the university told of timetable events. */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly addresses: WebhookAddresses,
  ) {}

  async create(caller: AuthUser, body: WebhookRequest): Promise<CreatedWebhookResponse> {
    const url = await this.checkedUrl(body.url);
    const secret = newWebhookSecret();
    const created = await this.webhooks.create(url, [...new Set(body.events)], body.description ?? '', secret, caller.userId);
    return { ...created, secret };
  }

  async remove(id: number): Promise<WebhookResponse> {
    const removed = await this.webhooks.delete(id);
    if (!removed) throw new NotFoundError(WEBHOOK_NOT_FOUND);
    return removed;
  }

  async deliveries(id: number): Promise<WebhookDeliveryResponse[]> {
    if (!(await this.webhooks.exists(id))) throw new NotFoundError(WEBHOOK_NOT_FOUND);
    return this.webhooks.deliveries(id);
  }

  /**
   * https anywhere outside the inner networks; plain http, and internal addresses, only to the hosts
   * the operator allowed (WEBHOOK_ALLOW_HTTP_HOSTS).
   */
  private async checkedUrl(text: string): Promise<string> {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new BadRequestError('Поле «url» должно быть адресом вида https://host/path');
    }
    if (url.username || url.password) throw new BadRequestError('Поле «url» не должно содержать имя пользователя и пароль');
    if ((url.protocol === 'https:' || url.protocol === 'http:') && (await this.addresses.isInternal(url))) {
      throw new BadRequestError(
        'Поле «url»: адреса внутренних сетей (этот сервер, частные сети, link-local, служба метаданных облака) недоступны для вебхуков, кроме узлов из WEBHOOK_ALLOW_HTTP_HOSTS',
      );
    }
    if (url.protocol === 'https:') return url.toString();
    if (url.protocol === 'http:' && this.addresses.isAllowedHost(url)) return url.toString();
    throw new BadRequestError(
      url.protocol === 'http:'
        ? `Поле «url»: по http можно отправлять только на разрешённые узлы (WEBHOOK_ALLOW_HTTP_HOSTS); используйте https`
        : 'Поле «url» должно начинаться с https://',
    );
  }
}

@ApiTags('Вебхуки')
@ApiBearerAuth()
@Controller('api/admin/webhooks')
export class WebhooksController {
  constructor(
    private readonly service: WebhooksService,
    private readonly webhooks: WebhooksRepository,
  ) {}

  @Get()
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Вебхуки университета (без секретов)' })
  @ApiOkResponse({ type: [WebhookResponse] })
  list(): Promise<WebhookResponse[]> {
    return this.webhooks.list();
  }

  @PostOk()
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Создать вебхук; секрет подписи показывается один раз' })
  @ApiOkResponse({ type: CreatedWebhookResponse })
  create(@CurrentUser() caller: AuthUser, @Body() body: WebhookRequest): Promise<CreatedWebhookResponse> {
    return this.service.create(caller, body);
  }

  @Delete(':id')
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Удалить вебхук (и историю его доставок)' })
  @ApiOkResponse({ type: WebhookResponse })
  remove(@IdParam('id') id: number): Promise<WebhookResponse> {
    return this.service.remove(id);
  }

  @Get(':id/deliveries')
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Доставки вебхука (последние 100) с каждой попыткой и её результатом' })
  @ApiOkResponse({ type: [WebhookDeliveryResponse] })
  deliveries(@IdParam('id') id: number): Promise<WebhookDeliveryResponse[]> {
    return this.service.deliveries(id);
  }
}
