import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../platform/auth/auth-user';
import { CurrentUser, Roles } from '../../platform/auth/decorators';
import { Role } from '../../platform/auth/roles';
import { PostOk } from '../../platform/http/decorators';
import { IdParam } from '../../platform/http/id-param';
import { OptimizationJobResponse, OptimizationListQuery, OptimizationRequest } from './dto/optimization.dto';
import { OptimizationsService } from './optimizations.service';

/** Building and repairing the timetable is the education office's work, as versions are. */
export const OPTIMIZERS: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE'];

@ApiTags('Составление расписания')
@ApiBearerAuth()
@Controller('api/edu-office/schedule')
export class OptimizationsController {
  constructor(private readonly optimizations: OptimizationsService) {}

  @Post('versions/:id/optimizations')
  @HttpCode(HttpStatus.ACCEPTED)
  @Roles(...OPTIMIZERS)
  @ApiOperation({
    summary: 'Составить (GENERATE) или исправить (REPAIR) расписание версии',
    description:
      'Ставит расчёт в очередь и сразу отвечает 202. Исходная версия (черновик или опубликованная) не меняется: результат — новый черновик. ' +
      'В семестре одновременно идёт не больше одного расчёта (второй — 409 с номером идущего).',
  })
  @ApiAcceptedResponse({ type: OptimizationJobResponse })
  create(@CurrentUser() caller: AuthUser, @IdParam('id') versionId: number, @Body() body: OptimizationRequest): Promise<OptimizationJobResponse> {
    return this.optimizations.create(caller, versionId, body);
  }

  @Get('optimizations')
  @Roles(...OPTIMIZERS)
  @ApiOperation({ summary: 'Расчёты версии, новые первыми (не больше 100)' })
  @ApiOkResponse({ type: [OptimizationJobResponse] })
  list(@Query() query: OptimizationListQuery): Promise<OptimizationJobResponse[]> {
    return this.optimizations.list(query.versionId);
  }

  @Get('optimizations/:jobId')
  @Roles(...OPTIMIZERS)
  @ApiOperation({ summary: 'Расчёт: состояние, ход, лучшая найденная оценка, неразмещённые занятия с причинами' })
  @ApiOkResponse({ type: OptimizationJobResponse })
  get(@IdParam('jobId') jobId: number): Promise<OptimizationJobResponse> {
    return this.optimizations.get(jobId);
  }

  @PostOk('optimizations/:jobId/cancel')
  @Roles(...OPTIMIZERS)
  @ApiOperation({ summary: 'Остановить расчёт: ожидающий отменяется сразу, идущий останавливается и сохраняет лучшее найденное' })
  @ApiOkResponse({ type: OptimizationJobResponse })
  cancel(@IdParam('jobId') jobId: number): Promise<OptimizationJobResponse> {
    return this.optimizations.cancel(jobId);
  }
}
