import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/app-config';
import type { AuthUser } from '../platform/auth/auth-user';
import { describeDatabaseError } from '../platform/database/pg-errors';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../platform/http/app-error';
import { TENANT_STORE, TenantStore, TenantStoreChange } from '../platform/tenancy/stores';
import { currentTenant } from '../platform/tenancy/tenant-context';
import { TenantDefinition } from '../platform/tenancy/tenant-definition';
import { TenantPrepareError, TenantRegistry } from '../platform/tenancy/tenant-registry';
import { TenantSync } from '../platform/tenancy/tenant-sync';
import { DatabaseProbe } from './database-probe';
import {
  DatabaseTestRequest,
  TenantListItem,
  TenantOperationResponse,
  TenantRequest,
  TenantStatusResponse,
} from './dto/tenant.dto';
import { isTenantDomain, urlWithoutPassword } from './tenant-rules';

/** Safe Russian messages: none of them names a host, port, database, user or password. */
export const TENANT_MESSAGES = {
  connect: 'Не удалось подключиться к базе данных университета: проверьте адрес, имя пользователя и пароль. Прежние настройки продолжают действовать',
  migrate: 'Не удалось подготовить схему базы данных университета. Прежние настройки продолжают действовать',
  persist: 'Не удалось сохранить настройки университетов. Прежние настройки продолжают действовать',
  activate: 'Не удалось переключить университет на новую базу данных. Прежние настройки продолжают действовать',
  removePersist: 'Не удалось сохранить удаление университета. Университет продолжает работать',
  checkFailed: 'Не удалось подключиться к базе данных: проверьте адрес, имя пользователя и пароль',
  checkOk: 'Подключение к базе данных установлено',
  created: 'Университет добавлен',
  updated: 'Настройки университета обновлены',
  removed: 'Университет удалён',
  unknown: 'Университет с таким доменом не найден',
  removeOwn: 'Нельзя удалить университет, через адрес которого выполнен запрос',
} as const;

/** 503 in the common body plus the `{success: false}` the spec gives tenant operations. */
function unavailable(message: string): AppError {
  return new AppError(503, message, undefined, undefined, { success: false });
}

/**
 * Tenant administration (spec 4.21), for the deployment's operators only (OperatorsOnly guards the
 * routes). A create or update opens the new database beside the running
 * one, migrates it, persists the change, then swaps it in at once; any failure before the swap
 * changes nothing, and a failed swap after a confirmed write puts the stored entry back while no one
 * wrote after it. Every change of one domain runs under that domain's lock of this instance.
 */
@Injectable()
export class TenantsService {
  private readonly logger = new Logger('TenantAdmin');
  private readonly probe: DatabaseProbe;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(TENANT_STORE) private readonly store: TenantStore,
    private readonly registry: TenantRegistry,
    private readonly sync: TenantSync,
  ) {
    this.probe = new DatabaseProbe(config.tenantAdmin.testTimeoutMs, config.pool.sslCa, config.pool.pooler === 'pgbouncer');
  }

  async status(_caller: AuthUser): Promise<TenantStatusResponse> {
    const { tenantKey } = currentTenant();
    const definition = this.registry.definition(tenantKey);
    return {
      tenant: tenantKey,
      connected: await this.registry.checkNow(tenantKey),
      configured: definition !== undefined,
      name: definition?.name ?? null,
      url: definition ? urlWithoutPassword(definition.url) : null,
      timeZone: this.registry.timeZoneOf(tenantKey),
    };
  }

  list(): TenantListItem[] {
    return this.registry.states().map(({ definition, connected }) => ({
      name: definition.name,
      domain: definition.domain,
      url: urlWithoutPassword(definition.url),
      username: definition.username ?? null,
      connected,
      timeZone: this.registry.timeZoneOf(definition.domain),
    }));
  }

  save(caller: AuthUser, body: TenantRequest): Promise<TenantOperationResponse> {
    const base: TenantDefinition = {
      name: body.name?.trim() || body.domain,
      domain: body.domain,
      url: body.url,
      username: body.username || undefined,
      password: body.password ?? undefined,
    };
    return this.registry.exclusive(base.domain, async () => {
      const existed = this.registry.has(base.domain);
      // A change of the connection alone keeps the university's zone; a new one without a zone follows DEFAULT_TIME_ZONE.
      const timeZone = body.timeZone ?? this.registry.definition(base.domain)?.timeZone;
      const definition: TenantDefinition = timeZone ? { ...base, timeZone } : base;
      const pool = await this.registry.prepare(definition).catch((error: unknown) => {
        const step = error instanceof TenantPrepareError ? error.step : 'connect';
        this.logger.warn(`Tenant ${definition.domain}: ${step} failed (${this.describe(error)}); nothing changed`);
        throw unavailable(step === 'migrate' ? TENANT_MESSAGES.migrate : TENANT_MESSAGES.connect);
      });
      let change: TenantStoreChange;
      try {
        change = await this.store.change(definition.domain, definition);
      } catch (error) {
        await pool.close();
        this.logger.warn(`Tenant ${definition.domain}: persisting failed (${this.describe(error)}); nothing changed`);
        throw unavailable(TENANT_MESSAGES.persist);
      }
      try {
        this.registry.commit(definition, pool);
      } catch (error) {
        await pool.close();
        const restored = await this.store.revert(change).catch(() => false);
        this.logger.warn(`Tenant ${definition.domain}: activation failed (${this.describe(error)}); stored entry restored: ${restored}`);
        throw unavailable(TENANT_MESSAGES.activate);
      }
      this.sync.noteLocalWrite(change.version);
      this.logger.log(`Tenant ${definition.domain}: ${existed ? 'updated' : 'added'} by ${caller.username} of ${caller.tenant}`);
      return { success: true, message: existed ? TENANT_MESSAGES.updated : TENANT_MESSAGES.created };
    });
  }

  remove(caller: AuthUser, rawDomain: string): Promise<TenantOperationResponse> {
    const domain = rawDomain.trim().toLowerCase();
    if (!isTenantDomain(domain)) throw new BadRequestError('Домен должен быть одной меткой DNS из 1–63 символов');
    if (domain === currentTenant().tenantKey) throw new ConflictError(TENANT_MESSAGES.removeOwn);
    return this.registry.exclusive(domain, async () => {
      if (!this.registry.has(domain)) throw new NotFoundError(TENANT_MESSAGES.unknown);
      let change: TenantStoreChange;
      try {
        change = await this.store.change(domain, undefined);
      } catch (error) {
        this.logger.warn(`Tenant ${domain}: persisting the removal failed (${this.describe(error)}); nothing changed`);
        throw unavailable(TENANT_MESSAGES.removePersist);
      }
      this.registry.drop(domain);
      this.sync.noteLocalWrite(change.version);
      this.logger.log(`Tenant ${domain}: removed by ${caller.username} of ${caller.tenant}`);
      return { success: true, message: TENANT_MESSAGES.removed };
    });
  }

  async test(body: DatabaseTestRequest): Promise<TenantOperationResponse> {
    if (!(await this.probe.check(body))) throw unavailable(TENANT_MESSAGES.checkFailed);
    return { success: true, message: TENANT_MESSAGES.checkOk };
  }

  private describe(error: unknown): string {
    return describeDatabaseError(error instanceof TenantPrepareError ? error.failure : error);
  }
}
