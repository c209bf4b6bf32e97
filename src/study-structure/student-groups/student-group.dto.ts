import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsOptional, Min } from 'class-validator';

/** The group a student's account belongs to; both null when none is set (or the user is no student). */
export class StudentGroupResponse {
  @ApiProperty({ type: Number, nullable: true }) groupId!: number | null;
  @ApiProperty({ type: String, nullable: true }) groupName!: string | null;
}

/** `PUT /api/users/{id}/group`: a group's id, or null to remove the student's group. */
export class StudentGroupRequest {
  @ApiProperty({ type: Number, nullable: true, minimum: 1, description: 'Группа студента; null — убрать' })
  @IsOptional()
  @IsInt({ message: 'Поле «groupId» должно быть целым числом' })
  @Min(1, { message: 'Поле «groupId» должно быть положительным числом' })
  groupId!: number | null;
}
