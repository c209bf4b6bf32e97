import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsString, MaxLength, MinLength } from 'class-validator';
import { PageQuery } from '../../platform/http/paging';
import { IdField, OneOfField, QueryText, TextField } from '../../platform/http/validators';

export const TEACHER_REQUEST_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type TeacherRequestStatus = (typeof TEACHER_REQUEST_STATUSES)[number];

/** A teacher-creation request as every endpoint returns it; it never carries a password. */
export class TeacherRequestResponse {
  @ApiProperty() id!: number;
  @ApiProperty({ description: 'Логин, предложенный кафедрой' }) username!: string;
  @ApiProperty() fullName!: string;
  @ApiProperty({ description: 'Пустая строка, если должность не указана' }) jobTitle!: string;
  @ApiProperty({ nullable: true, type: String, description: 'Комментарий кафедры' }) comment!: string | null;
  @ApiProperty({ description: 'Кафедра, подавшая заявку' }) departmentId!: number;
  @ApiProperty() departmentName!: string;
  @ApiProperty({ enum: TEACHER_REQUEST_STATUSES }) status!: TeacherRequestStatus;
  @ApiProperty({ example: '2025-08-20T09:15:00.000Z' }) createdAt!: string;
  @ApiProperty({ description: 'Пользователь кафедры, подавший заявку' }) createdById!: number;
  @ApiProperty() createdByName!: string;
  @ApiProperty({ nullable: true, type: String, description: 'null, пока заявка не рассмотрена' }) reviewedAt!: string | null;
  @ApiProperty({ nullable: true, type: Number }) reviewedById!: number | null;
  @ApiProperty({ nullable: true, type: String }) reviewedByName!: string | null;
  @ApiProperty({ nullable: true, type: String }) reviewComment!: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Созданный преподаватель (только у одобренной заявки)' })
  createdUserId!: number | null;
}

/** Department submission. */
export class SubmitTeacherRequest {
  @ApiProperty({ example: 'petrov', maxLength: 100 })
  @TextField({ maxLength: 100 })
  username!: string;

  @ApiProperty({ example: 'Петров Пётр Петрович', maxLength: 255 })
  @TextField({ maxLength: 255 })
  fullName!: string;

  @ApiPropertyOptional({ example: 'Старший преподаватель', maxLength: 255 })
  @TextField({ optional: true, maxLength: 255 })
  jobTitle?: string | null;

  @ApiPropertyOptional({ maxLength: 1000 })
  @TextField({ optional: true, maxLength: 1000 })
  comment?: string | null;
}

/** Administrator's approval; omitted (or blank) username, fullName, jobTitle and departmentId keep the request's values. */
export class ApproveTeacherRequest {
  @ApiPropertyOptional({ description: 'Основная кафедра преподавателя; по умолчанию кафедра заявки' })
  @IdField({ optional: true })
  departmentId?: number | null;

  @ApiPropertyOptional({ maxLength: 100, description: 'По умолчанию логин из заявки' })
  @TextField({ optional: true, maxLength: 100 })
  username?: string | null;

  // Not trimmed: every character of a password counts. Decorators apply bottom-up and the first
  // failing check is reported, so presence and type sit at the bottom.
  @ApiProperty({ minLength: 8, maxLength: 128, example: 'secret-password' })
  @MaxLength(128, { message: 'Поле «password» должно содержать не более 128 символов' })
  @MinLength(8, { message: 'Поле «password» должно содержать не менее 8 символов' })
  @IsString({ message: 'Поле «password» должно быть строкой' })
  @IsDefined({ message: 'Поле «password» обязательно' })
  password!: string;

  @ApiPropertyOptional({ maxLength: 255, description: 'По умолчанию ФИО из заявки' })
  @TextField({ optional: true, maxLength: 255 })
  fullName?: string | null;

  @ApiPropertyOptional({ maxLength: 255, description: 'По умолчанию должность из заявки; пустая строка очищает её' })
  @TextField({ optional: true, maxLength: 255 })
  jobTitle?: string | null;

  @ApiPropertyOptional({ maxLength: 1000 })
  @TextField({ optional: true, maxLength: 1000 })
  reviewComment?: string | null;
}

export class RejectTeacherRequest {
  @ApiProperty({ maxLength: 1000, description: 'Причина отказа (обязательна)' })
  @TextField({ maxLength: 1000 })
  reviewComment!: string;
}

export class TeacherRequestListQuery {
  @ApiPropertyOptional({ enum: TEACHER_REQUEST_STATUSES })
  @OneOfField(TEACHER_REQUEST_STATUSES, { optional: true })
  status?: TeacherRequestStatus;
}

/** Always newest first; `direction` of PageQuery is not used. */
export class TeacherRequestPageQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Поиск по логину, ФИО, должности и названию кафедры без учёта регистра' })
  @QueryText()
  query?: string;

  @ApiPropertyOptional({ enum: TEACHER_REQUEST_STATUSES })
  @OneOfField(TEACHER_REQUEST_STATUSES, { optional: true })
  status?: TeacherRequestStatus;
}
