import { Injectable } from '@nestjs/common';
import { DepartmentRef, DepartmentsRepository } from './departments.repository';

/**
 * What other features may know of departments (one owner per table): a department by id, the names
 * of a batch of them, and a hold on it while they link a record to it. They never see the repository or its SQL.
 */
@Injectable()
export class Departments {
  constructor(private readonly departments: DepartmentsRepository) {}

  /** The department's id and name, or undefined when there is none. */
  async findById(id: number): Promise<DepartmentRef | undefined> {
    return this.departments.findById(id);
  }

  /** The names of a batch of departments by id, in one query (ids with no department are left out). */
  names(ids: readonly number[]): Promise<Map<number, string>> {
    return this.departments.namesOf(ids);
  }

  /**
   * The department, held (FOR KEY SHARE) until the caller's transaction ends: a concurrent delete waits
   * for it and then sees the new reference.
   */
  lockForReference(id: number): Promise<DepartmentRef | undefined> {
    return this.departments.lockForReference(id);
  }
}
