import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches, ValidationArguments } from 'class-validator';
import { BooleanField, IntField, TextField } from '../../../platform/http/validators';

export const COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;

/** An optional `#RRGGBB` colour (null clears it); stored upper-case. */
function ColorCodeField() {
  const field = (args: ValidationArguments) => `Поле «${args.property}»`;
  return applyDecorators(
    IsOptional(),
    IsString({ message: (args: ValidationArguments) => `${field(args)} должно быть строкой` }),
    Matches(COLOR_PATTERN, { message: (args: ValidationArguments) => `${field(args)} должно быть цветом в формате #RRGGBB` }),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value)),
  );
}

export const MAX_DISPLAY_ORDER = 100_000;

export class ActivityTypeRequest {
  @ApiProperty({ example: 'К', maxLength: 16, description: 'Уникален без учёта регистра' })
  @TextField({ maxLength: 16 })
  code!: string;

  @ApiProperty({ example: 'Каникулы', maxLength: 255 })
  @TextField({ maxLength: 255 })
  name!: string;

  @ApiProperty({ description: 'Разрешены ли обычные занятия в такие дни' })
  @BooleanField()
  allowSchedule!: boolean;

  @ApiPropertyOptional({ type: String, example: '#FFC107', nullable: true, pattern: '^#[0-9A-Fa-f]{6}$', description: 'Сохраняется в верхнем регистре' })
  @ColorCodeField()
  colorCode?: string | null;

  @ApiPropertyOptional({ example: 2, minimum: 0, maximum: MAX_DISPLAY_ORDER, default: 0 })
  @IntField({ optional: true, min: 0, max: MAX_DISPLAY_ORDER })
  displayOrder?: number | null;

  @ApiPropertyOptional({ maxLength: 2000, nullable: true, description: 'Пустая строка сохраняется как null' })
  @TextField({ optional: true, maxLength: 2000 })
  description?: string | null;
}

export class ActivityTypeResponse {
  @ApiProperty() id!: number;
  @ApiProperty({ example: 'Т' }) code!: string;
  @ApiProperty({ example: 'Теоретическое обучение' }) name!: string;
  @ApiProperty() allowSchedule!: boolean;
  @ApiProperty({ type: String, nullable: true, example: '#4CAF50' }) colorCode!: string | null;
  @ApiProperty() displayOrder!: number;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
}
