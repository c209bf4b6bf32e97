import { DynamicModule, Module, Type } from '@nestjs/common';

/** The group a new student is placed in, as its owner (study structure) checked and holds it. */
export interface PlacementGroup {
  id: number;
  name: string;
  departmentId: number;
}

/**
 * The port through which user creation places a new STUDENT in a group (issue 55). The groups and
 * `student_groups` belong to the study structure, which builds on users; it binds this port
 * (`StudentPlacementModule.bind` in the app module) so neither feature imports the other's files.
 * Both calls run in the caller's transaction.
 */
export abstract class StudentPlacement {
  /** Holds the group until commit; refuses (400 at `groupId`) an unknown or archived one. */
  abstract lockGroup(groupId: number): Promise<PlacementGroup>;
  abstract place(userId: number, groupId: number): Promise<void>;
}

/** Makes the study structure's binding of `StudentPlacement` visible to the users module. */
@Module({})
export class StudentPlacementModule {
  /** `binding` exports `StudentPlacement`. */
  static bind(binding: Type): DynamicModule {
    return { module: StudentPlacementModule, global: true, imports: [binding], exports: [binding] };
  }
}
