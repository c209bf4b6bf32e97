import { Body, Controller, Delete, Get, Param, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser, Roles } from '../platform/auth/decorators';
import { PostOk } from '../platform/http/decorators';
import { OperatorsOnly } from './operators.guard';
import { DatabaseTestRequest, TenantListItem, TenantOperationResponse, TenantRequest, TenantStatusResponse } from './dto/tenant.dto';
import { TenantsService } from './tenants.service';

const OPERATORS = 'Только ADMIN университета-оператора развёртывания (TENANT_ADMIN_DOMAINS, по умолчанию — первого настроенного университета); остальным — 403.';
const FAILURE = 'Ошибка подключения, миграции, сохранения или переключения — 503 с {success: false, message} без подробностей подключения.';

@ApiTags('Университеты (арендаторы)')
@ApiBearerAuth()
@Roles('ADMIN')
@Controller('api/database')
export class TenantsController {
  constructor(private readonly tenants: TenantsService) {}

  @Get('status')
  @ApiOperation({ summary: 'Состояние подключения университета, выбранного доменом запроса' })
  @ApiOkResponse({ type: TenantStatusResponse })
  status(@CurrentUser() caller: AuthUser): Promise<TenantStatusResponse> {
    return this.tenants.status(caller);
  }

  @Get('tenants')
  @UseGuards(OperatorsOnly)
  @ApiOperation({ summary: 'Список университетов (без паролей)', description: OPERATORS })
  @ApiOkResponse({ type: [TenantListItem] })
  list(): TenantListItem[] {
    return this.tenants.list();
  }

  @PostOk('tenants')
  @UseGuards(OperatorsOnly)
  @ApiOperation({
    summary: 'Добавить университет или изменить его подключение (по domain)',
    description: `${OPERATORS} Новая база проверяется и мигрируется, пока прежняя продолжает обслуживать запросы; затем подключение переключается атомарно. ${FAILURE}`,
  })
  @ApiOkResponse({ type: TenantOperationResponse })
  save(@CurrentUser() caller: AuthUser, @Body() body: TenantRequest): Promise<TenantOperationResponse> {
    return this.tenants.save(caller, body);
  }

  @Delete('tenants/:domain')
  @UseGuards(OperatorsOnly)
  @ApiOperation({ summary: 'Удалить университет', description: `${OPERATORS} Неизвестный домен — 404; домен самого запроса — 409. ${FAILURE}` })
  @ApiParam({ name: 'domain', example: 'alpha' })
  @ApiOkResponse({ type: TenantOperationResponse })
  remove(@CurrentUser() caller: AuthUser, @Param('domain') domain: string): Promise<TenantOperationResponse> {
    return this.tenants.remove(caller, domain);
  }

  @PostOk('test')
  @UseGuards(OperatorsOnly)
  @ApiOperation({
    summary: 'Проверить подключение к базе PostgreSQL, не регистрируя университет',
    description: `${OPERATORS} Любая ошибка — 503 с одним и тем же сообщением и через одно и то же время.`,
  })
  @ApiOkResponse({ type: TenantOperationResponse })
  test(@Body() body: DatabaseTestRequest): Promise<TenantOperationResponse> {
    return this.tenants.test(body);
  }
}
