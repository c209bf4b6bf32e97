import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IdField, TextField } from '../../../platform/http/validators';

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
