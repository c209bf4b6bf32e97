import { DynamicModule, Module, ModuleMetadata } from '@nestjs/common';
import { PendingLessons } from './pending-lessons';
import { ScheduleCoreModule } from './schedule-core.module';

type ModuleImport = NonNullable<ModuleMetadata['imports']>[number];

/**
 * The waiting-records port with its two halves bound by the features that own the records, once for
 * the application (as `TeacherAvailabilityModule.bind`). Global, because those features build on the
 * schedule core whose rule writes and publication ask it.
 */
@Module({})
export class PendingLessonsModule {
  /** `bindings` export `PendingChangeRequests` (teacher change requests) and `PendingAbsenceDecisions` (teacher absences). */
  static bind(...bindings: ModuleImport[]): DynamicModule {
    return {
      module: PendingLessonsModule,
      global: true,
      imports: [ScheduleCoreModule, ...bindings],
      providers: [PendingLessons],
      exports: [PendingLessons],
    };
  }
}
