import { EndedRulesField } from '../../platform/rules-of-archived';
import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Role, ROLES } from '../../platform/auth/roles';
import { EmailField, IdField, OneOfField, PasswordField, TextField } from '../../platform/http/validators';
import { UserStatus } from '../user-status';

export const USER_STATUSES: readonly UserStatus[] = ['ACTIVE', 'ARCHIVED'];

export class UserResponse {
  @ApiProperty() id!: number;
  @ApiProperty() username!: string;
  @ApiProperty({ enum: ROLES }) role!: Role;
  @ApiProperty() fullName!: string;
  @ApiProperty({ description: 'Пустая строка, если должность не указана' }) jobTitle!: string;
  @ApiPropertyOptional({ description: 'Основная кафедра на сегодня; отсутствует, если её нет' }) departmentName?: string;
  @ApiPropertyOptional({ description: 'Основная кафедра на сегодня; отсутствует, если её нет' }) departmentId?: number;
  @ApiProperty({ enum: USER_STATUSES }) status!: UserStatus;
  @ApiPropertyOptional({ description: 'Адрес для уведомлений; отсутствует, если не задан' }) email?: string;
}

export class OwnEmailResponse {
  @ApiProperty({ type: String, nullable: true, example: 'ivanov@university.example' }) email!: string | null;
}

/** `PUT /api/auth/me/email`, `PUT /api/users/{id}/email`: null or an empty string removes the address. */
export class EmailRequest {
  @ApiPropertyOptional({ example: 'ivanov@university.example' })
  @EmailField()
  email?: string | null;
}

export class CreateUserRequest {
  @ApiProperty({ example: 'ivanov', maxLength: 100 })
  @TextField({ maxLength: 100 })
  username!: string;

  // Not trimmed: every character of a password counts.
  @PasswordField()
  password!: string;

  @ApiProperty({ enum: ROLES })
  @OneOfField(ROLES)
  role!: Role;

  @ApiProperty({ example: 'Иванов Иван Иванович', maxLength: 255 })
  @TextField({ maxLength: 255 })
  fullName!: string;

  @ApiPropertyOptional({ example: 'Доцент', maxLength: 255 })
  @TextField({ optional: true, maxLength: 255 })
  jobTitle?: string | null;

  @ApiPropertyOptional({ description: 'Основная кафедра с сегодняшнего дня; для студента с groupId можно не указывать — берётся кафедра группы' })
  @IdField({ optional: true })
  departmentId?: number;

  @ApiPropertyOptional({ description: 'Только для роли STUDENT: действующая группа студента (её кафедра и будет основной)' })
  @IdField({ optional: true })
  groupId?: number;
}

/** The answer to `POST /api/users`: the user, and the student's group when one was given. */
export class CreatedUserResponse extends UserResponse {
  @ApiPropertyOptional({ description: 'Группа студента, если указана при создании' }) groupId?: number;
  @ApiPropertyOptional({ description: 'Название группы студента, если указана при создании' }) groupName?: string;
}

/** `PUT /api/users/{id}`: what the user card changes (issue 45 §8): full name, job title and role. */
export class UpdateUserRequest {
  @ApiProperty({ example: 'Иванов Иван Иванович', maxLength: 255 })
  @TextField({ maxLength: 255 })
  fullName!: string;

  @ApiPropertyOptional({ example: 'Доцент', maxLength: 255 })
  @TextField({ optional: true, maxLength: 255 })
  jobTitle?: string | null;

  @ApiProperty({ enum: ROLES })
  @OneOfField(ROLES)
  role!: Role;
}

/** The archived record with the schedule rules its archive ended (issue 53). */
export class UserArchiveResponse extends IntersectionType(UserResponse, EndedRulesField) {}
