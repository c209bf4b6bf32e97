import { Body, Controller, Delete, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser, Roles } from '../platform/auth/decorators';
import { PostOk } from '../platform/http/decorators';
import { DatabaseTestRequest, TenantListItem, TenantOperationResponse, TenantRequest, TenantStatusResponse } from './dto/tenant.dto';
import { TenantsService } from './tenants.service';

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
  @ApiOperation({ summary: 'Список университетов (без паролей)' })
  @ApiOkResponse({ type: [TenantListItem] })
  list(@CurrentUser() caller: AuthUser): TenantListItem[] {
    return this.tenants.list(caller);
  }

  @PostOk('tenants')
  @ApiOperation({
    summary: 'Добавить университет или изменить его подключение (по domain)',
    description: `Новая база проверяется и мигрируется, пока прежняя продолжает обслуживать запросы; затем подключение переключается атомарно. ${FAILURE}`,
  })
  @ApiOkResponse({ type: TenantOperationResponse })
  save(@CurrentUser() caller: AuthUser, @Body() body: TenantRequest): Promise<TenantOperationResponse> {
    return this.tenants.save(caller, body);
  }

  @Delete('tenants/:domain')
  @ApiOperation({ summary: 'Удалить университет', description: `Неизвестный домен — 404; домен самого запроса — 409. ${FAILURE}` })
  @ApiParam({ name: 'domain', example: 'alpha' })
  @ApiOkResponse({ type: TenantOperationResponse })
  remove(@CurrentUser() caller: AuthUser, @Param('domain') domain: string): Promise<TenantOperationResponse> {
    return this.tenants.remove(caller, domain);
  }

  @PostOk('test')
  @ApiOperation({
    summary: 'Проверить подключение к базе PostgreSQL, не регистрируя университет',
    description: 'Любая ошибка — 503 с одним и тем же сообщением и через одно и то же время.',
  })
  @ApiOkResponse({ type: TenantOperationResponse })
  test(@CurrentUser() caller: AuthUser, @Body() body: DatabaseTestRequest): Promise<TenantOperationResponse> {
    return this.tenants.test(caller, body);
  }
}
