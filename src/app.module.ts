import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DATABASE_SCHEMA_DEFINITION } from './database-schema';
import { DepartmentsModule } from './departments';
import { AuthModule } from './platform/auth/auth.module';
import { HealthModule } from './platform/health/health.module';
import { MetricsModule } from './platform/metrics/metrics.module';
import { AllExceptionsFilter } from './platform/http/all-exceptions.filter';
import { createValidationPipe } from './platform/http/validation.pipe';
import { LocalWritesModule } from './platform/http/local-writes';
import { TenancyModule } from './platform/tenancy/tenancy.module';
import { TenantDefinition } from './platform/tenancy/tenant-definition';
import { BootstrapAdmin } from './users';
import { StudentPlacementModule, UsersModule } from './users';
import { GroupPlacementModule, StudyStructureModule } from './study-structure';
import { ResourcesModule } from './resources';
import { AbsenceBlocksModule, PendingAbsenceDecisionsModule, TeacherAbsencesModule } from './teacher-absences';
import { PendingChangeRequestsModule, TeacherChangeRequestsModule } from './teacher-change-requests';
import { HardUnavailabilityModule, TeacherPreferencesModule } from './teacher-preferences';
import { TeacherRequestsModule } from './teacher-requests';
import { AcademicYearsModule } from './academic-years';
import { TimeGridModule } from './time-grid';
import { AcademicCalendarsModule } from './academic-calendars';
import { ScheduleModule, ScheduleViewingModule } from './schedule';
import { PendingLessonsModule, TeacherAvailabilityModule } from './schedule/core';
import { ScheduleExportModule } from './schedule-export';
import { WorkloadModule } from './workload';
import { TenantsModule } from './tenants';
import { CalendarFeedsModule } from './calendar-feeds';
import { NotificationsModule } from './notifications';
import { SingleSignOnModule } from './single-sign-on';
import { DataImportModule } from './data-import';

@Module({})
export class AppModule {
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
        MetricsModule,
        LocalWritesModule,
        HealthModule,
        AuthModule.withAccounts(UsersModule, SingleSignOnModule),
        // The schedule's checks learn teachers' unavailability from the features that own it.
        TeacherAvailabilityModule.bind(HardUnavailabilityModule, AbsenceBlocksModule),
        // A change of the timetable from a date re-checks the requests and absence decisions waiting on its lessons (issue 53).
        PendingLessonsModule.bind(PendingChangeRequestsModule, PendingAbsenceDecisionsModule),
        // A new student is placed in a group by the study structure, which owns groups (issue 55).
        StudentPlacementModule.bind(GroupPlacementModule),
        // Before the other features: Express tries routes one by one, in the order their modules were
        // imported here, and the schedule views and calendar feeds are what thousands of students and
        // their calendar apps read. Every route stays reachable whatever the order (test/route-order.e2e-spec.ts).
        ScheduleViewingModule,
        CalendarFeedsModule,
        UsersModule,
        DepartmentsModule,
        StudyStructureModule,
        ResourcesModule,
        TeacherRequestsModule,
        AcademicYearsModule,
        TimeGridModule,
        AcademicCalendarsModule,
        ScheduleModule,
        ScheduleExportModule,
        TeacherPreferencesModule,
        TeacherAbsencesModule,
        TeacherChangeRequestsModule,
        WorkloadModule,
        TenantsModule,
        NotificationsModule,
        SingleSignOnModule,
        DataImportModule,
      ],
      providers: [
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
      ],
    };
  }
}
