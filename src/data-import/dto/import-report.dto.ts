import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CalendarDateField, QueryBool, QueryId } from '../../platform/http/validators';

export const IMPORT_KINDS = ['departments', 'users', 'groups', 'classrooms', 'subjects', 'teacher-subjects', 'rules'] as const;
export type ImportKindName = (typeof IMPORT_KINDS)[number];

export const ROW_STATUSES = ['CREATED', 'UPDATED', 'UNCHANGED', 'REFUSED'] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];

export class ImportQuery {
  @ApiPropertyOptional({ default: true, description: 'true (по умолчанию) — только проверить и показать, что изменится; ничего не записывается' })
  @QueryBool()
  dryRun?: boolean;

  @ApiPropertyOptional({ description: 'Для kind=rules: версия расписания (DRAFT или PUBLISHED), в которую импортируются правила' })
  @QueryId()
  versionId?: number;

  @ApiPropertyOptional({
    format: 'date',
    description: 'Для kind=rules: с какой даты действуют новые правила (занятий до неё у них нет); без неё — с первого дня семестра',
  })
  @CalendarDateField({ optional: true })
  effectiveFrom?: string;
}

export class ImportRowReport {
  @ApiProperty({ description: 'Номер строки в файле (как в табличном редакторе)' }) row!: number;
  @ApiProperty({ enum: ROW_STATUSES }) status!: RowStatus;
  @ApiProperty({ nullable: true, type: String, description: 'Заголовок столбца, к которому относится причина отказа' }) column!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Причина отказа или пояснение' }) message!: string | null;
}

export class ImportSummary {
  @ApiProperty() created!: number;
  @ApiProperty() updated!: number;
  @ApiProperty() unchanged!: number;
  @ApiProperty() refused!: number;
}

/** A one-time password of an imported user, shown once in the answer of the real run and never stored in the clear. */
export class ImportedCredential {
  @ApiProperty() row!: number;
  @ApiProperty() username!: string;
  @ApiProperty({ description: 'Разовый пароль для первого входа; пользователь меняет его сам (POST /api/auth/password)' })
  oneTimePassword!: string;
}

export class ImportReport {
  @ApiProperty({ enum: IMPORT_KINDS }) kind!: ImportKindName;
  @ApiProperty() dryRun!: boolean;
  @ApiProperty({ type: ImportSummary }) summary!: ImportSummary;
  @ApiProperty({ type: [ImportRowReport] }) rows!: ImportRowReport[];
  @ApiPropertyOptional({
    type: [ImportedCredential],
    description: 'Только для kind=users при выполненном импорте: разовые пароли созданных пользователей (показываются один раз)',
  })
  credentials?: ImportedCredential[];

  @ApiPropertyOptional({ description: 'Только в ответе 400 на отклонённый настоящий импорт: что произошло, по-русски' })
  message?: string;
}
