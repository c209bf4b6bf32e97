import { DynamicModule, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DATABASE_SCHEMA_DEFINITION } from './database-schema';
import { DepartmentsModule } from './departments/departments.module';
import { AuthModule } from './platform/auth/auth.module';
import { HealthModule } from './platform/health/health.module';
import { AllExceptionsFilter } from './platform/http/all-exceptions.filter';
import { createValidationPipe } from './platform/http/validation.pipe';
import { TenancyModule } from './platform/tenancy/tenancy.module';
import { TenantMiddleware } from './platform/tenancy/tenant.middleware';
import { TenantDefinition } from './platform/tenancy/tenant-definition';
import { BootstrapAdmin } from './users/bootstrap-admin';
import { UsersModule } from './users/users.module';
import { StudyStructureModule } from './study-structure/study-structure.module';
import { ResourcesModule } from './resources/resources.module';
import { TeacherAbsencesModule } from './teacher-absences/teacher-absences.module';
import { TeacherChangeRequestsModule } from './teacher-change-requests/teacher-change-requests.module';
import { TeacherPreferencesModule } from './teacher-preferences/teacher-preferences.module';
import { TeacherRequestsModule } from './teacher-requests/teacher-requests.module';
import { AcademicYearsModule } from './academic-years/academic-years.module';
import { TimeGridModule } from './time-grid/time-grid.module';
import { AcademicCalendarsModule } from './academic-calendars/academic-calendars.module';
import { ScheduleModule } from './schedule/schedule.module';
import { WorkloadModule } from './workload/workload.module';
import { TenantsModule } from './tenants/tenants.module';
import { CalendarFeedsModule } from './calendar-feeds/calendar-feeds.module';

@Module({})
export class AppModule implements NestModule {
  static forRoot(config: AppConfig, tenants: TenantDefinition[]): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        TenancyModule.forRoot({
          tenants,
          schema: DATABASE_SCHEMA_DEFINITION,
          initializers: [BootstrapAdmin],
          imports: [UsersModule],
        }),
        HealthModule,
        AuthModule,
        UsersModule,
        DepartmentsModule,
        StudyStructureModule,
        ResourcesModule,
        TeacherRequestsModule,
        AcademicYearsModule,
        TimeGridModule,
        AcademicCalendarsModule,
        ScheduleModule,
        TeacherPreferencesModule,
        TeacherAbsencesModule,
        TeacherChangeRequestsModule,
        WorkloadModule,
        TenantsModule,
        CalendarFeedsModule,
      ],
      providers: [
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(TenantMiddleware).forRoutes('api', 'api/*path');
  }
}
