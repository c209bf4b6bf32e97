import { EndedRulesField } from '../../../platform/rules-of-archived';
import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { ValidateIf } from 'class-validator';
import { BooleanField, IntField, QueryBool, TextField } from '../../../platform/http/validators';
import { EquipmentResponse } from '../../equipment/dto/equipment.dto';
import { IdListField, PresentOnly } from '../../shared/validators';

export const MAX_CAPACITY = 100_000;
export const FLOOR_RANGE = { min: -10, max: 200 } as const;
export const MAX_EQUIPMENT_IDS = 100;

/** Building and floor may be cleared with an explicit null. */
const unlessNull = ValidateIf((_object: object, value: unknown) => value !== undefined && value !== null);

export class ClassroomRequest {
  @ApiProperty({ example: 'А-101', maxLength: 255 })
  @TextField({ maxLength: 255 })
  name!: string;

  @ApiProperty({ minimum: 1, maximum: MAX_CAPACITY, example: 30 })
  @IntField({ min: 1, max: MAX_CAPACITY })
  capacity!: number;

  @ApiPropertyOptional({ example: 'Главный корпус', maxLength: 255, nullable: true })
  @unlessNull
  @TextField({ maxLength: 255, allowEmpty: true })
  building?: string | null;

  @ApiPropertyOptional({ example: 1, minimum: FLOOR_RANGE.min, maximum: FLOOR_RANGE.max, nullable: true })
  @unlessNull
  @IntField(FLOOR_RANGE)
  floor?: number | null;

  @ApiPropertyOptional({ default: true })
  @BooleanField({ optional: true })
  isAvailable?: boolean;

  @ApiPropertyOptional({ type: [Number], description: 'Идентификаторы существующего оборудования', default: [] })
  @IdListField({ maxItems: MAX_EQUIPMENT_IDS })
  equipmentIds?: number[];
}

/** Partial update: every field optional; a supplied `equipmentIds` replaces the whole set. */
export class ClassroomUpdateRequest {
  @ApiPropertyOptional({ example: 'А-101', maxLength: 255 })
  @PresentOnly()
  @TextField({ maxLength: 255 })
  name?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_CAPACITY })
  @PresentOnly()
  @IntField({ min: 1, max: MAX_CAPACITY })
  capacity?: number;

  @ApiPropertyOptional({ maxLength: 255, nullable: true, description: 'null очищает значение' })
  @unlessNull
  @TextField({ maxLength: 255, allowEmpty: true })
  building?: string | null;

  @ApiPropertyOptional({ minimum: FLOOR_RANGE.min, maximum: FLOOR_RANGE.max, nullable: true, description: 'null очищает значение' })
  @unlessNull
  @IntField(FLOOR_RANGE)
  floor?: number | null;

  @ApiPropertyOptional()
  @PresentOnly()
  @BooleanField()
  isAvailable?: boolean;

  @ApiPropertyOptional({ type: [Number], description: 'Заменяет весь набор оборудования' })
  @IdListField({ maxItems: MAX_EQUIPMENT_IDS })
  equipmentIds?: number[];
}

export class ClassroomListQuery {
  @ApiPropertyOptional({ default: false, description: 'Добавить архивные аудитории' })
  @QueryBool()
  includeArchived: boolean = false;
}

export class ClassroomResponse {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() capacity!: number;
  @ApiProperty({ nullable: true, type: String }) building!: string | null;
  @ApiProperty({ nullable: true, type: Number }) floor!: number | null;
  @ApiProperty() isAvailable!: boolean;
  @ApiProperty({ type: [EquipmentResponse], description: 'По названию' }) equipments!: EquipmentResponse[];
}

/** The archived record with the schedule rules its archive ended (issue 53). */
export class ClassroomArchiveResponse extends IntersectionType(ClassroomResponse, EndedRulesField) {}
