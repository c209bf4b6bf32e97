import { Module } from '@nestjs/common';
import { TenantsController } from './tenants.controller';
import { TenantsService } from './tenants.service';
import { UniversityController } from './university.controller';
import { UniversityService } from './university.service';

/**
 * Tenant administration (spec 4.21) and the university's public facts (its time zone); the registry,
 * sync and store come from the global TenancyModule.
 */
@Module({
  controllers: [TenantsController, UniversityController],
  providers: [TenantsService, UniversityService],
})
export class TenantsModule {}
