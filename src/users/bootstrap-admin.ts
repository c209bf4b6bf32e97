import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig, isEmbeddedMode } from '../config/app-config';
import { PasswordHasher } from '../platform/auth/password-hasher';
import { runStatement } from '../platform/database/query-rows';
import { TenantInitializer } from '../platform/tenancy/tenant-registry';
import { TenantDefinition } from '../platform/tenancy/tenant-definition';

/** Creates the first administrator of a freshly migrated tenant database that has no active ADMIN. */
@Injectable()
export class BootstrapAdmin implements TenantInitializer {
  private readonly logger = new Logger('BootstrapAdmin');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hasher: PasswordHasher,
  ) {}

  async initializeTenant(dataSource: DataSource, tenant: TenantDefinition): Promise<void> {
    // Only how many rows answer is read (no row is), as with `TenantDb.execute`: there is no tenant scope here yet.
    const admins = await runStatement(dataSource.manager, `SELECT 1 FROM users WHERE role = 'ADMIN' AND status = 'ACTIVE' LIMIT 1`);
    if (admins.count > 0) return;

    const { username, password } = this.config.bootstrapAdmin;
    if (!password) {
      this.logger.warn(
        `Tenant ${tenant.domain} has no active administrator: set BOOTSTRAP_ADMIN_PASSWORD ` +
          `(and optionally BOOTSTRAP_ADMIN_USERNAME) and restart to create one`,
      );
      return;
    }
    // ON CONFLICT: another instance may be creating the same administrator right now.
    const inserted = await runStatement(
      dataSource.manager,
      `INSERT INTO users (username, password_hash, role, full_name, job_title)
       VALUES ($1, $2, 'ADMIN', 'Администратор', '')
       ON CONFLICT ((lower(username))) DO NOTHING RETURNING id`,
      [username, await this.hasher.hash(password)],
    );
    if (inserted.count === 0) {
      this.logger.warn(`Tenant ${tenant.domain}: user "${username}" exists but is not an active administrator; choose another BOOTSTRAP_ADMIN_USERNAME`);
      return;
    }
    const passwordNote =
      isEmbeddedMode(this.config) && !process.env.BOOTSTRAP_ADMIN_PASSWORD
        ? `default password ${password} (change it: POST /api/auth/password)`
        : 'the password from BOOTSTRAP_ADMIN_PASSWORD';
    this.logger.log(`Tenant ${tenant.domain}: created administrator "${username}" with ${passwordNote}`);
  }
}
