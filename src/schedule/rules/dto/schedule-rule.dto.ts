import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsDefined,
  IsInt,
  IsOptional,
  Min,
  ValidateBy,
  ValidateNested,
  ValidationArguments,
} from 'class-validator';
import { CalendarDateField, IdField, IntField, OneOfField } from '../../../platform/http/validators';
import { HOURS_PER_LESSON } from '../../../schedule-engine/lesson-series';
import { LESSON_FORMATS } from '../../../schedule-engine/rule-model';

const say = (text: string) => (args: ValidationArguments) => `Поле «${args.property}» ${text}`;

export const PARITIES = ['BOTH', 'ODD', 'EVEN'] as const;
export type SlotParity = (typeof PARITIES)[number];

export const MAX_HOURS = 2000;
export const MAX_START_WEEK = 60;
export const MAX_GROUPS = 50;
export const MAX_SLOTS = 50;
export const MAX_SUBGROUPS_PER_SLOT = 20;

/** An hours limit: required, a non-negative integer, a multiple of the hours one pair consumes. */
function HoursField() {
  return applyDecorators(
    IntField({ min: 0, max: MAX_HOURS }),
    ValidateBy({
      name: 'isWholePairs',
      validator: {
        validate: (value) => typeof value === 'number' && value % HOURS_PER_LESSON === 0,
        defaultMessage: say(`должно быть кратно ${HOURS_PER_LESSON}`),
      },
    }),
  );
}

/** A list of positive ids. */
function IdList(options: { required: boolean; maxItems: number; minItems?: number; noun: string }) {
  const decorators = [
    options.required ? IsDefined({ message: say('обязательно') }) : IsOptional(),
    IsArray({ message: say('должно быть массивом идентификаторов') }),
    ArrayMaxSize(options.maxItems, { message: say(`может содержать не более ${options.maxItems} значений`) }),
    IsInt({ each: true, message: say('должно содержать целые числа') }),
    Min(1, { each: true, message: say('должно содержать положительные числа') }),
  ];
  if (options.minItems) decorators.push(ArrayMinSize(options.minItems, { message: say(`должно содержать хотя бы одну ${options.noun}`) }));
  return applyDecorators(...decorators);
}

export class RuleSlotRequest {
  @ApiPropertyOptional({ description: 'При изменении правила: идентификатор его существующего слота (слот сохраняется). Без него слот новый' })
  @IdField({ optional: true })
  id?: number;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: 7,
    nullable: true,
    type: 'integer',
    description: 'День недели ISO: 1 — понедельник … 7 — воскресенье. В черновике день, пара и аудитория могут быть все пусты: занятие ещё не размещено',
  })
  @IntField({ optional: true, min: 1, max: 7 })
  dayOfWeek?: number | null;

  @ApiProperty({ enum: PARITIES, description: 'BOTH — каждую неделю, ODD — нечётные, EVEN — чётные недели' })
  @OneOfField(PARITIES)
  parity!: SlotParity;

  @ApiPropertyOptional({
    nullable: true,
    type: 'integer',
    description: 'Пара основной сетки (DEFAULT); фактическое время берётся из сетки, действующей в дату занятия. Пусто — не размещено (только в черновике)',
  })
  @IdField({ optional: true })
  timeSlotId?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number, description: 'Устаревшая форма: одна подгруппа; объединяется с subgroupIds' })
  @IdField({ optional: true })
  subgroupId?: number | null;

  @ApiPropertyOptional({
    type: [Number],
    description: 'Только для лабораторных работ: подгруппы групп правила, не более одной подгруппы каждой группы; пусто — группы целиком',
  })
  @IdList({ required: false, maxItems: MAX_SUBGROUPS_PER_SLOT, noun: 'подгруппу' })
  subgroupIds?: number[] | null;

  @ApiProperty({ description: 'Действующий пользователь с ролью TEACHER' })
  @IdField()
  teacherId!: number;

  @ApiPropertyOptional({ nullable: true, type: 'integer', description: 'Пусто — не размещено (только в черновике, вместе с днём и парой)' })
  @IdField({ optional: true })
  classroomId?: number | null;

  @ApiProperty({ description: '1 — лекция, 2 — практика, 3 — лабораторная работа' })
  @IdField()
  lessonTypeId!: number;

  @ApiProperty({ enum: LESSON_FORMATS })
  @OneOfField(LESSON_FORMATS)
  lessonFormat!: string;
}

export const OVERRIDE_DECISIONS = ['KEEP', 'DROP'] as const;
export type OverrideDecision = (typeof OVERRIDE_DECISIONS)[number];

/** What to do with a one-off change that no longer matches the rule after a change from a date. */
export class OverrideDecisionRequest {
  @ApiProperty({ description: 'Разовое изменение из списка unmatchedOverrides ответа 409' })
  @IdField()
  overrideId!: number;

  @ApiProperty({
    enum: OVERRIDE_DECISIONS,
    description: 'KEEP — оставить как разовое изменение занятия правила в ту же неделю (если оно есть), DROP — удалить',
  })
  @OneOfField(OVERRIDE_DECISIONS)
  decision!: OverrideDecision;
}

export const EFFECTIVE_FROM_DESCRIPTION =
  'С какой даты (YYYY-MM-DD, время университета) действует изменение: занятия до неё остаются как были. ' +
  'Без поля — с первого дня семестра (весь семестр). Дата вне семестра — 400. Дата раньше завтрашней в идущем семестре — ' +
  'исправление прошлого: разрешено, ответ говорит, сколько прошедших занятий изменилось (pastLessonsChanged)';

/** Create and update body (PUT takes the same body; slots with `id` keep their ids). */
export class RuleRequest {
  @ApiProperty({ description: 'Версия расписания семестра (PUBLISHED или DRAFT)' })
  @IdField()
  scheduleVersionId!: number;

  @ApiProperty()
  @IdField()
  semesterId!: number;

  @ApiProperty()
  @IdField()
  subjectId!: number;

  @ApiProperty({ minimum: 0, maximum: MAX_HOURS, description: 'Академические часы лекций, кратно 2 (одна пара — 2 часа)' })
  @HoursField()
  lectureAcademicHours!: number;

  @ApiProperty({ minimum: 0, maximum: MAX_HOURS, description: 'Академические часы лабораторных работ, кратно 2' })
  @HoursField()
  laboratoryAcademicHours!: number;

  @ApiProperty({ minimum: 0, maximum: MAX_HOURS, description: 'Академические часы практик, кратно 2' })
  @HoursField()
  practiceAcademicHours!: number;

  @ApiPropertyOptional({ minimum: 1, default: 1, description: 'Неделя семестра, с которой начинаются лекции; не больше числа недель семестра' })
  @IntField({ optional: true, min: 1, max: MAX_START_WEEK })
  lectureStartWeek?: number | null;

  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IntField({ optional: true, min: 1, max: MAX_START_WEEK })
  laboratoryStartWeek?: number | null;

  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IntField({ optional: true, min: 1, max: MAX_START_WEEK })
  practiceStartWeek?: number | null;

  @ApiProperty({ type: [Number], minItems: 1, description: 'Группы без повторов' })
  @IdList({ required: true, maxItems: MAX_GROUPS, minItems: 1, noun: 'группу' })
  @ArrayUnique({ message: say('не должно содержать повторяющихся групп') })
  groupIds!: number[];

  @ApiProperty({ type: [RuleSlotRequest] })
  @IsDefined({ message: say('обязательно') })
  @IsArray({ message: say('должно быть массивом слотов') })
  @ArrayMaxSize(MAX_SLOTS, { message: say(`может содержать не более ${MAX_SLOTS} слотов`) })
  @ValidateNested({ each: true, message: say('должно содержать объекты слотов') })
  @Type(() => RuleSlotRequest)
  slots!: RuleSlotRequest[];

  @ApiPropertyOptional({ format: 'date', example: '2026-12-08', description: EFFECTIVE_FROM_DESCRIPTION })
  @CalendarDateField({ optional: true })
  effectiveFrom?: string;

  @ApiPropertyOptional({
    type: [OverrideDecisionRequest],
    description: 'Решения по разовым изменениям, которые после изменения с даты больше не совпадают с занятием (их список — в ответе 409)',
  })
  @IsOptional()
  @IsArray({ message: say('должно быть массивом решений') })
  @ArrayMaxSize(500, { message: say('может содержать не более 500 решений') })
  @ValidateNested({ each: true, message: say('должно содержать объекты решений') })
  @Type(() => OverrideDecisionRequest)
  overrideDecisions?: OverrideDecisionRequest[];
}
