import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Role, ROLES } from '../../platform/auth/roles';
import { PageQuery } from '../../platform/http/paging';
import { CalendarDateField, OneOfField, QueryBool, QueryId, QueryInt, QueryText } from '../../platform/http/validators';

export const USER_SORTS = ['fullName', 'username', 'role', 'status'] as const;
export type UserSort = (typeof USER_SORTS)[number];

export class UserPageQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Поиск по логину, ФИО и должности без учёта регистра' })
  @QueryText()
  query?: string;

  @ApiPropertyOptional({ enum: ROLES })
  @OneOfField(ROLES, { optional: true })
  role?: Role;

  @ApiPropertyOptional({ description: 'Основная кафедра на сегодня' })
  @QueryId()
  departmentId?: number;

  @ApiPropertyOptional({ default: false })
  @QueryBool()
  includeArchived: boolean = false;

  @ApiPropertyOptional({ enum: USER_SORTS, default: 'fullName' })
  @OneOfField(USER_SORTS, { optional: true })
  sort: UserSort = 'fullName';
}

export class TeacherOptionsQuery {
  @ApiPropertyOptional({ description: 'Поиск по логину, ФИО и должности без учёта регистра' })
  @QueryText()
  query?: string;

  @ApiPropertyOptional({ description: 'Кафедра (для роли DEPARTMENT всегда своя)' })
  @QueryId()
  departmentId?: number;

  @ApiPropertyOptional({ description: 'Добавить этого преподавателя к ответу, если он доступен' })
  @QueryId()
  selectedId?: number;

  @ApiPropertyOptional({ default: 20, minimum: 1, maximum: 50 })
  @QueryInt({ min: 1, max: 50 })
  limit: number = 20;
}

export class TeachersOnDateQuery {
  @ApiProperty({ example: '2025-09-01' })
  @CalendarDateField()
  date!: string;
}
