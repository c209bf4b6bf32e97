import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../platform/auth/auth-user';
import { CurrentUser, Roles } from '../../platform/auth/decorators';
import { SolverSettingsRequest, SolverSettingsResponse } from './dto/solver-settings.dto';
import { QUALITY_ANALYSTS } from './quality.controller';
import { SolverSettingsRepository } from './solver-settings.repository';

/**
 * «Правила хорошего расписания» of the university (issue 54 §3): the weights of the quality report's
 * penalties and what the solver treats as hard. One set per university; the report, its
 * recommendations and the solver read it.
 */
@ApiTags('Составление расписания')
@ApiBearerAuth()
@Controller('api/edu-office/schedule/solver-settings')
export class SolverSettingsController {
  constructor(private readonly settings: SolverSettingsRepository) {}

  @Get()
  @Roles(...QUALITY_ANALYSTS)
  @ApiOperation({ summary: 'Правила хорошего расписания университета: веса штрафов отчёта о качестве и жёсткие условия расчёта' })
  @ApiOkResponse({ type: SolverSettingsResponse })
  read(): Promise<SolverSettingsResponse> {
    return this.answer();
  }

  @Put()
  @Roles(...QUALITY_ANALYSTS)
  @ApiOperation({
    summary: 'Изменить правила хорошего расписания',
    description:
      'Все поля обязательны. Веса действуют сразу в отчёте о качестве и в следующих расчётах. Жёсткое условие связывает только расчёт: ' +
      'изменение правил, разовые изменения и публикация по-прежнему лишь предупреждают о нехватке мест.',
  })
  @ApiOkResponse({ type: SolverSettingsResponse })
  async write(@CurrentUser() caller: AuthUser, @Body() body: SolverSettingsRequest): Promise<SolverSettingsResponse> {
    await this.settings.write(body, caller.userId);
    return this.answer();
  }

  private async answer(): Promise<SolverSettingsResponse> {
    const { settings, updatedAt, defaults } = await this.settings.read();
    return { ...settings, defaults, updatedAt: updatedAt?.toISOString() ?? null };
  }
}
