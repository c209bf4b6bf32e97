import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, ValidateNested } from 'class-validator';
import { CalendarDateField, IdField, OneOfField, TextField } from '../../../platform/http/validators';

/** A required id in the query string: absent or empty is a 400 naming the parameter. */
const requiredQueryId = Transform(({ value }) =>
  value === undefined || value === '' ? undefined : Array.isArray(value) ? Number.NaN : Number(value),
);

export const MAX_REASON_LENGTH = 2000;

export class SemesterVersionsQuery {
  @ApiProperty({ description: 'Семестр (обязательно)' })
  @requiredQueryId
  @IdField()
  semesterId!: number;
}

export class VersionDiffQuery {
  @ApiProperty({ description: 'Версия, с которой сравнивается данная (того же семестра, обязательно)' })
  @requiredQueryId
  @IdField()
  baseVersionId!: number;

  @ApiPropertyOptional({
    format: 'date',
    description: 'Сравнить занятия с этой даты (как при публикации с неё: прошлое до неё берётся из опубликованной версии и не меняется)',
  })
  @CalendarDateField({ optional: true })
  effectiveFrom?: string;
}

export class VersionCreateRequest {
  @ApiProperty()
  @IdField()
  semesterId!: number;

  @ApiProperty({ maxLength: 255, example: 'Черновик весны' })
  @TextField({ maxLength: 255 })
  name!: string;

  @ApiPropertyOptional({
    description: 'Версия того же семестра (в любом статусе), чьи действующие правила копируются; без неё — пустой черновик в новой группе версий',
  })
  @IdField({ optional: true })
  basedOnVersionId?: number;
}

export class VersionReasonRequest {
  @ApiProperty({ maxLength: MAX_REASON_LENGTH, description: 'Причина (обязательно, не пустая)', example: 'Утверждено учебным отделом' })
  @TextField({ maxLength: MAX_REASON_LENGTH })
  reason!: string;
}

export const PUBLISH_EFFECTIVE_FROM =
  'С какой даты (YYYY-MM-DD, время университета) действует публикуемая версия: занятия до неё остаются такими, какими их знала ' +
  'опубликованная версия (её прошлые периоды, правила, которых нет в черновике, и разовые изменения), с неё — как в черновике. ' +
  'Без поля — с первого дня семестра (весь семестр, как раньше). Дата вне семестра — 400.';

/** The office's choice for a one-off change that the published version no longer matches. */
export class PublishOverrideDecision {
  @ApiProperty({ description: 'Разовое изменение из unmatchedOverrides ответа 409' })
  @IdField()
  overrideId!: number;

  @ApiProperty({ enum: ['KEEP', 'DROP'], description: 'KEEP — перенести на занятие правила в ту же неделю, DROP — не переносить' })
  @OneOfField(['KEEP', 'DROP'])
  decision!: 'KEEP' | 'DROP';
}

export class VersionPublishRequest extends VersionReasonRequest {
  @ApiPropertyOptional({ format: 'date', example: '2026-12-08', description: PUBLISH_EFFECTIVE_FROM })
  @CalendarDateField({ optional: true })
  effectiveFrom?: string;

  @ApiPropertyOptional({ type: [PublishOverrideDecision], description: 'Решения по разовым изменениям с effectiveFrom, которые не совпадают с черновиком' })
  @IsOptional()
  @IsArray({ message: 'Поле «overrideDecisions» должно быть массивом решений' })
  @ArrayMaxSize(10000, { message: 'Поле «overrideDecisions» может содержать не более 10000 решений' })
  @ValidateNested({ each: true })
  @Type(() => PublishOverrideDecision)
  overrideDecisions?: PublishOverrideDecision[];
}

export class EffectiveFromQuery {
  @ApiPropertyOptional({ format: 'date', description: 'Проверить публикацию с этой даты: прошлое до неё берётся из опубликованной версии' })
  @CalendarDateField({ optional: true })
  effectiveFrom?: string;
}
