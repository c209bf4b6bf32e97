import { All, Body, Controller, Get, Header, UseFilters } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiExcludeEndpoint, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../platform/auth/decorators';
import { ALL_ROLES } from '../../platform/auth/roles';
import { NotFoundError } from '../../platform/http/app-error';
import { PostOk } from '../../platform/http/decorators';
import { RESOURCE_EDITORS } from '../shared/roles';
import { LegacyErrorResponse, LegacyLessonRequest, LegacyLessonResponse } from './dto/legacy-lesson.dto';
import { LegacyErrorsFilter } from './legacy-errors.filter';
import { LegacyLessonsService } from './legacy-lessons.service';

/**
 * Lesson endpoints of an earlier interface revision (spec 4.22), with that revision's error shapes.
 * The users module declares no `GET /api/users/:id`, so these fixed paths do not collide with it.
 */
@ApiTags('Ранняя версия API')
@ApiBearerAuth()
@UseFilters(LegacyErrorsFilter)
@Controller('api/users/test')
export class LegacyLessonsController {
  constructor(private readonly lessons: LegacyLessonsService) {}

  @Get()
  @Roles(...ALL_ROLES)
  @ApiOperation({ summary: 'Занятия ранней версии API' })
  @ApiOkResponse({ type: [LegacyLessonResponse] })
  list(): Promise<LegacyLessonResponse[]> {
    return this.lessons.list();
  }

  @PostOk('create')
  @Roles(...RESOURCE_EDITORS)
  @ApiOperation({ summary: 'Создать занятие ранней версии API (ошибка 400 — только {message})' })
  @ApiOkResponse({ type: LegacyLessonResponse })
  @ApiBadRequestResponse({ type: LegacyErrorResponse })
  create(@Body() body: LegacyLessonRequest): Promise<LegacyLessonResponse> {
    return this.lessons.create(body);
  }

  @Get('ping')
  @Roles(...ALL_ROLES)
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @ApiOperation({ summary: 'Проверка связи: текст pong' })
  @ApiProduces('text/plain')
  @ApiOkResponse({ schema: { type: 'string', example: 'pong' } })
  ping(): string {
    return 'pong';
  }

  /** Any other address under this prefix: that revision's 404 with an empty body. */
  @All('{*rest}')
  @Roles(...ALL_ROLES)
  @ApiExcludeEndpoint()
  unknown(): never {
    throw new NotFoundError();
  }
}
