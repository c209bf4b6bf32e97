import { EndedRulesField } from '../../../platform/rules-of-archived';
import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { IdField, IntField, TextField } from '../../../platform/http/validators';
import { STUDY_STATES, StudyState } from '../study-state';

export const GROUP_STATUSES = ['ACTIVE', 'ARCHIVED'] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];

/** Create and update body: every field is required (see docs/decisions.md). */
export class GroupRequest {
  @ApiProperty({ example: 'ПИ-21', maxLength: 255, description: 'Названия групп могут повторяться' })
  @TextField({ maxLength: 255 })
  name!: string;

  @ApiProperty({ example: 25, minimum: 1, maximum: 10000 })
  @IntField({ min: 1, max: 10_000 })
  groupSize!: number;

  @ApiProperty({ minimum: 1 })
  @IdField()
  educationFormId!: number;

  @ApiProperty({ minimum: 1 })
  @IdField()
  departmentId!: number;

  @ApiProperty({ example: 2024, minimum: 1, maximum: 9999 })
  @IntField({ min: 1, max: 9999 })
  yearStartStudy!: number;

  @ApiProperty({ minimum: 1 })
  @IdField()
  specialtyId!: number;

  @ApiProperty({ minimum: 1, description: 'Профиль выбранной специальности' })
  @IdField()
  specialtyProfileId!: number;
}

export class GroupResponse {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() groupSize!: number;
  @ApiProperty() educationFormId!: number;
  @ApiProperty() educationFormName!: string;
  @ApiProperty() departmentId!: number;
  @ApiProperty() yearStartStudy!: number;
  @ApiProperty({ description: 'Курс на сегодня; 0 — обучение ещё не началось' }) course!: number;
  @ApiProperty({ description: 'Семестр с начала обучения на сегодня; 0 — обучение ещё не началось' }) semester!: number;
  @ApiProperty() specialtyId!: number;
  @ApiProperty() specialtyCode!: string;
  @ApiProperty() specialtyName!: string;
  @ApiProperty() specialtyProfileId!: number;
  @ApiProperty() specialtyProfileName!: string;
  @ApiProperty({ description: 'Устаревшее поле: идентификатор специальности' }) specialityCode!: number;
  @ApiProperty({ enum: GROUP_STATUSES }) status!: GroupStatus;
  @ApiProperty({ description: 'Группу можно выбирать в текущей работе (studyState = ACTIVE)' }) active!: boolean;
  @ApiProperty({ enum: STUDY_STATES }) studyState!: StudyState;
  @ApiProperty() studyStateName!: string;
}

export class GroupPageResponse {
  @ApiProperty({ type: [GroupResponse] }) items!: GroupResponse[];
  @ApiProperty() page!: number;
  @ApiProperty() size!: number;
  @ApiProperty() totalItems!: number;
  @ApiProperty() totalPages!: number;
  @ApiProperty() first!: boolean;
  @ApiProperty() last!: boolean;
}

/** The archived record with the schedule rules its archive ended (issue 53). */
export class GroupArchiveResponse extends IntersectionType(GroupResponse, EndedRulesField) {}
