import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { Response } from 'express';
import { Public } from '../auth/decorators';
import { TenantRegistry } from '../tenancy/tenant-registry';
import { TenantSync } from '../tenancy/tenant-sync';

type ProbeStatus = { status: 'UP' | 'DOWN' };

/**
 * Kubernetes probes. Terminus runs the indicators; the body is reduced to the spec's `{status}` so no
 * tenant, URL or detail leaks. Readiness reads the result of background checks and never waits on a
 * database itself.
 */
@ApiExcludeController()
@Public()
@Controller('actuator/health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly registry: TenantRegistry,
    private readonly sync: TenantSync,
  ) {}

  @Get('liveness')
  liveness(): ProbeStatus {
    return { status: 'UP' };
  }

  @Get('readiness')
  async readiness(@Res({ passthrough: true }) res: Response): Promise<ProbeStatus> {
    try {
      await this.health.check([
        () => {
          const indicator = this.indicators.check('tenants');
          return this.registry.isReady() && this.sync.isHealthy() ? indicator.up() : indicator.down();
        },
      ]);
      return { status: 'UP' };
    } catch {
      res.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { status: 'DOWN' };
    }
  }
}
