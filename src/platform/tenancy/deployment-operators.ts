import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/app-config';
import { TenantDefinition } from './tenant-definition';
import { TENANT_DEFINITIONS } from './tenant-registry';

/**
 * The universities whose ADMINs administer the deployment itself (spec 4.21: the tenants and the
 * database check). TENANT_ADMIN_DOMAINS names them; unset, the deployment's first university is the
 * one operator (the first of EMBEDDED_TENANTS, the university of DATABASE_URL, or the first of the
 * tenants file). The set is fixed at start-up: a university added at runtime is never an operator
 * unless TENANT_ADMIN_DOMAINS names it.
 */
@Injectable()
export class DeploymentOperators implements OnApplicationBootstrap {
  private readonly logger = new Logger('Tenancy');
  private readonly domains: ReadonlySet<string>;
  private readonly named: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(TENANT_DEFINITIONS) definitions: TenantDefinition[]) {
    const named = config.tenantAdmin.adminDomains;
    this.named = named !== undefined && named.length > 0;
    this.domains = new Set(this.named ? named : definitions.slice(0, 1).map((definition) => definition.domain));
  }

  onApplicationBootstrap(): void {
    const which = [...this.domains].join(', ') || 'none';
    const why = this.named ? 'TENANT_ADMIN_DOMAINS' : 'the first configured university; set TENANT_ADMIN_DOMAINS to choose';
    this.logger.log(`Universities are administered by the ADMINs of: ${which} (${why})`);
  }

  /** Whether this caller administers the deployment: an ADMIN of an operator university. */
  isOperator(caller: { tenant: string; role: string }): boolean {
    return caller.role === 'ADMIN' && this.domains.has(caller.tenant);
  }
}
