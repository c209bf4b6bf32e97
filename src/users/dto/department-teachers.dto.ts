import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IdField, QueryId, TextField } from '../../platform/http/validators';

export class DepartmentTeachersQuery {
  @ApiPropertyOptional({ description: 'Кафедра: обязательна для ADMIN; для DEPARTMENT всегда своя (параметр не учитывается)' })
  @QueryId()
  departmentId?: number;
}

export class AddTeacherAssignmentRequest {
  @ApiPropertyOptional({ description: 'Кафедра: обязательна для ADMIN; для DEPARTMENT всегда своя (поле не учитывается)' })
  @IdField({ optional: true })
  departmentId?: number | null;

  @ApiPropertyOptional({ maxLength: 1000 })
  @TextField({ optional: true, maxLength: 1000 })
  comment?: string | null;
}

/** `GET /api/department/teachers/by-username`: the login a teacher tells the department. */
export class TeacherByUsernameQuery {
  @ApiProperty({ example: 'ivanov', maxLength: 100, description: 'Логин преподавателя (без учёта регистра)' })
  @TextField({ maxLength: 100 })
  username!: string;
}
