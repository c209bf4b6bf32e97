import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Role } from '../../platform/auth/roles';
import { Roles } from '../../platform/auth/decorators';
import { SCORE_EXPLANATION } from '../../schedule-engine/quality';
import { QualityQuery, QualityReportResponse, RecommendationsQuery, RecommendationsResponse, RuleRecommendationsResponse } from './dto/quality.dto';
import { QualityRecommendationsService } from './quality-recommendations.service';
import { QualityService } from './quality.service';

/** Spec 4.12 and 5: quality analysis is the education office's work. */
export const QUALITY_ANALYSTS: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE'];

@ApiTags('Анализ качества расписания')
@ApiBearerAuth()
@Controller('api/edu-office/schedule/quality')
export class QualityController {
  constructor(
    private readonly quality: QualityService,
    private readonly recommendations: QualityRecommendationsService,
  ) {}

  @Get()
  @Roles(...QUALITY_ANALYSTS)
  @ApiOperation({
    summary: 'Отчёт о качестве версии расписания за весь семестр',
    description:
      'Без versionId — опубликованная версия. Опубликованная анализируется по фактическому расписанию с разовыми изменениями, черновик и ' +
      `архив — по своим правилам без изменений. score 0..100 — ${lowerFirst(SCORE_EXPLANATION)}. Проблемы ` +
      'сгруппированы по правилам, по убыванию штрафа, не более 300 (totalProblemCount — все, problemsTruncated — список обрезан).',
  })
  @ApiOkResponse({ type: QualityReportResponse })
  report(@Query() query: QualityQuery): Promise<QualityReportResponse> {
    return this.quality.report(query);
  }

  @Get('recommendations')
  @Roles(...QUALITY_ANALYSTS)
  @ApiOperation({
    summary: 'Проверенные улучшения одного занятия опубликованной версии',
    description:
      'Другая пара того же дня или свободная подходящая по вместимости действующая аудитория; каждый вариант проверен как разовое ' +
      'изменение и несёт готовое тело override для POST /api/edu-office/schedule/overrides. Ничего не применяется. Для черновика, ' +
      'архива и занятия с разовым изменением — available=false и причина в unavailableReason.',
  })
  @ApiOkResponse({ type: RecommendationsResponse })
  recommend(@Query() query: RecommendationsQuery): Promise<RecommendationsResponse> {
    return this.recommendations.recommend(query);
  }

  @Get('rule-recommendations')
  @Roles(...QUALITY_ANALYSTS)
  @ApiOperation({
    summary: 'Проверенные изменения всего правила для повторяющейся проблемы занятия опубликованной версии',
    description:
      'Для проблемы, которая повторяется в оставшихся занятиях слота (не меньше двух со штрафом): слот правила на другую пару того же дня ' +
      'недели или в другую аудиторию, подходящую по вместимости, для всех оставшихся занятий. Каждый вариант оценён по оставшимся занятиям ' +
      'правила вместе с занятиями его групп и преподавателей, прошёл те же проверки, что PUT /api/admin/schedule-rules/{id}, и несёт готовое ' +
      'тело rule для этого запроса. Ничего не применяется. Для черновика, архива, закреплённого и прошедшего занятия — available=false и причина.',
  })
  @ApiOkResponse({ type: RuleRecommendationsResponse })
  recommendForRule(@Query() query: RecommendationsQuery): Promise<RuleRecommendationsResponse> {
    return this.recommendations.recommendForRule(query);
  }
}

function lowerFirst(text: string): string {
  return text[0].toLowerCase() + text.slice(1);
}
