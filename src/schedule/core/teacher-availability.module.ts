import { DynamicModule, Module, ModuleMetadata } from '@nestjs/common';
import { TeacherAvailability } from './teacher-availability';

type ModuleImport = NonNullable<ModuleMetadata['imports']>[number];

/**
 * The teacher-availability port with its two halves bound by the features that own them, once for
 * the application (the way `AuthModule.withAccounts` binds `AccountDirectory`). Global, because the
 * teacher features themselves build on the schedule core whose checks ask it.
 */
@Module({})
export class TeacherAvailabilityModule {
  /** `bindings` export `HardUnavailability` (teacher preferences) and `AbsenceBlocks` (teacher absences). */
  static bind(...bindings: ModuleImport[]): DynamicModule {
    return { module: TeacherAvailabilityModule, global: true, imports: bindings, providers: [TeacherAvailability], exports: [TeacherAvailability] };
  }
}
