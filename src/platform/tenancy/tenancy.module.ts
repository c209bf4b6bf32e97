import { DynamicModule, Global, Module, ModuleMetadata, Type } from '@nestjs/common';
import { DatabaseSchema } from '../database/data-source';
import { TenantDb } from '../database/tenant-db';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/app-config';
import { createTenantStore, TENANT_STORE } from './stores';
import { DeploymentOperators } from './deployment-operators';
import { TenantDefinition } from './tenant-definition';
import { TenantSync } from './tenant-sync';
import { TenantRouting } from './tenant-routing';
import { UniversityZone } from './university-zone';
import { DATABASE_SCHEMA, TENANT_DEFINITIONS, TENANT_INITIALIZERS, TenantInitializer, TenantRegistry } from './tenant-registry';

export interface TenancyOptions {
  tenants: TenantDefinition[];
  schema: DatabaseSchema;
  /** Run after each tenant database is migrated, in order; their modules come through `imports`. */
  initializers: Type<TenantInitializer>[];
  imports: ModuleMetadata['imports'];
}

/** Tenant routing and the current tenant's database, for every feature. */
@Global()
@Module({})
export class TenancyModule {
  static forRoot(options: TenancyOptions): DynamicModule {
    return {
      module: TenancyModule,
      imports: options.imports,
      providers: [
        TenantRegistry,
        TenantSync,
        TenantRouting,
        TenantDb,
        DeploymentOperators,
        UniversityZone,
        { provide: TENANT_STORE, useFactory: (config: AppConfig) => createTenantStore(config), inject: [APP_CONFIG] },
        { provide: TENANT_DEFINITIONS, useValue: options.tenants },
        { provide: DATABASE_SCHEMA, useValue: options.schema },
        {
          provide: TENANT_INITIALIZERS,
          useFactory: (...initializers: TenantInitializer[]) => initializers,
          inject: options.initializers,
        },
      ],
      exports: [TenantRegistry, TenantSync, TenantRouting, TenantDb, DeploymentOperators, UniversityZone, TENANT_STORE],
    };
  }
}
