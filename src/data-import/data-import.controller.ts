import { Controller, Get, Param, Query, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBadRequestResponse, ApiBearerAuth, ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser, Roles } from '../platform/auth/decorators';
import { PostOk } from '../platform/http/decorators';
import { IMPORT_KINDS, ImportQuery, ImportReport } from './dto/import-report.dto';
import { ImportRunner } from './import-runner';
import { MAX_FILE_BYTES } from './spreadsheet';
import { templateOf } from './template';
import { UploadRefusals } from './upload-limits.interceptor';

const IMPORTERS = ['ADMIN', 'EDUCATION_OFFICE', 'DEPARTMENT'] as const;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What multer keeps of the uploaded file (in memory, its default without a destination: at most 20 MB). */
interface UploadedSpreadsheet {
  buffer: Buffer;
  size: number;
}

const KIND_PARAM = ApiParam({
  name: 'kind',
  enum: IMPORT_KINDS,
  description:
    'departments, users, groups, classrooms, subjects, teacher-subjects (ADMIN, EDUCATION_OFFICE; departments и users — только ADMIN), rules (в версию versionId); ' +
    'DEPARTMENT: subjects своей кафедры и users как заявки на создание преподавателей',
});

@ApiTags('Импорт данных')
@ApiBearerAuth()
@Controller('api/admin/import')
export class DataImportController {
  constructor(private readonly runner: ImportRunner) {}

  @Get(':kind/template')
  @Roles(...IMPORTERS)
  @KIND_PARAM
  @ApiOperation({ summary: 'Шаблон XLSX: столбцы с русскими заголовками и одна строка-пример' })
  @ApiProduces(XLSX_TYPE)
  @ApiOkResponse({ description: 'Файл XLSX', schema: { type: 'string', format: 'binary' } })
  async template(@CurrentUser() caller: AuthUser, @Param('kind') kind: string): Promise<StreamableFile> {
    const file = await templateOf(this.runner.kind(caller, kind));
    return new StreamableFile(file, { type: XLSX_TYPE, disposition: `attachment; filename="import-${kind}.xlsx"`, length: file.length });
  }

  @PostOk(':kind')
  @Roles(...IMPORTERS)
  @KIND_PARAM
  @UseInterceptors(UploadRefusals, FileInterceptor('file', { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, parts: 20 } }))
  @ApiOperation({
    summary: 'Импорт файла XLSX или CSV: по умолчанию пробный прогон (dryRun=true), ничего не записывается',
    description:
      'Файл — поле формы «file» (multipart/form-data), до 20 МБ и 100 000 строк. CSV в UTF-8 (с BOM или без) или Windows-1251, разделитель «;» или «,». ' +
      'Столбцы узнаются по русскому заголовку шаблона или по имени поля API, в любом порядке. Строки сопоставляются с данными по естественным ключам; ' +
      'ответ — что произошло (или произойдёт) с каждой строкой. Настоящий импорт (dryRun=false) — всё или ничего: при отклонённой строке ответ 400 с тем же отчётом.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiOkResponse({ type: ImportReport })
  @ApiBadRequestResponse({ type: ImportReport, description: 'Настоящий импорт отклонён: тот же отчёт, ничего не записано (ошибки файла — общее тело ошибки)' })
  run(
    @CurrentUser() caller: AuthUser,
    @Param('kind') kind: string,
    @Query() query: ImportQuery,
    @UploadedFile() file?: UploadedSpreadsheet,
  ): Promise<ImportReport> {
    return this.runner.run(caller, kind, file?.buffer, query.dryRun ?? true, query.versionId, query.effectiveFrom);
  }
}
