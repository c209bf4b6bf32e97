import { Injectable } from '@nestjs/common';
import { AuthUser } from '../platform/auth/auth-user';
import { ownDepartment, TeacherRecordsScope } from '../platform/auth/department-scope';
import { AssignmentsRepository } from './assignments.repository';

/**
 * "Is this teacher one of the department's over a period?", answered by the owner of the assignment
 * history. Departments see teachers' absences and preferences by this history, so a teacher who
 * moved keeps their old department's records for the time they belonged to it.
 */
@Injectable()
export class DepartmentMembership {
  constructor(private readonly assignments: AssignmentsRepository) {}

  /** Whose teacher records the caller sees (roles that see none are refused by the controllers first). */
  async recordsScope(caller: AuthUser): Promise<TeacherRecordsScope> {
    if (caller.role === 'TEACHER') return { teacherId: caller.userId };
    if (caller.role === 'DEPARTMENT') {
      const departmentId = ownDepartment(caller);
      return { departmentId, members: await this.assignments.membershipOf(departmentId) };
    }
    return { all: true };
  }

  /** Whether the teacher belongs to the department (primary or additional) on some day of the inclusive period. */
  assignedDuring(teacherId: number, departmentId: number, from: string, to: string): Promise<boolean> {
    return this.assignments.assignedDuring(teacherId, departmentId, from, to);
  }
}
