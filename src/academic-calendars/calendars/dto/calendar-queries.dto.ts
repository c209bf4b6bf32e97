import { ApiPropertyOptional } from '@nestjs/swagger';
import { PageQuery } from '../../../platform/http/paging';
import { QueryId, QueryInt, QueryText } from '../../../platform/http/validators';

export class CalendarListQuery {
  @ApiPropertyOptional() @QueryId() academicYearId?: number;
  @ApiPropertyOptional() @QueryId() specialtyId?: number;
  @ApiPropertyOptional({ description: 'Профиль специальности' }) @QueryId() profileId?: number;
}

/** The order is fixed (year start descending, then title and id); `direction` is not used. */
export class CalendarPageQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Поиск по названию, учебному году, коду и названию специальности, профилю и форме обучения' })
  @QueryText()
  query?: string;

  @ApiPropertyOptional() @QueryId() academicYearId?: number;
}

export class CalendarOptionsQuery {
  @ApiPropertyOptional({ description: 'Поиск по названию, учебному году, коду и названию специальности, профилю и форме обучения' })
  @QueryText()
  query?: string;

  @ApiPropertyOptional() @QueryId() academicYearId?: number;
  @ApiPropertyOptional() @QueryId() specialtyId?: number;
  @ApiPropertyOptional({ description: 'Профиль специальности' }) @QueryId() profileId?: number;
  @ApiPropertyOptional({ description: 'Форма обучения' }) @QueryId() studyFormId?: number;

  @ApiPropertyOptional({ description: 'Добавить этот календарь к ответу (без учёта поиска и лимита), если он подходит под фильтры' })
  @QueryId()
  selectedId?: number;

  @ApiPropertyOptional({ default: 20, minimum: 1, maximum: 50 })
  @QueryInt({ min: 1, max: 50 })
  limit: number = 20;
}
