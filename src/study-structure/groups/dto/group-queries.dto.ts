import { ApiPropertyOptional } from '@nestjs/swagger';
import { PageQuery } from '../../../platform/http/paging';
import { OneOfField, QueryBool, QueryId, QueryIdList, QueryInt, QueryText } from '../../../platform/http/validators';

export const GROUP_SORTS = ['name', 'yearStartStudy', 'groupSize', 'status'] as const;
export type GroupSort = (typeof GROUP_SORTS)[number];

export class GroupListQuery {
  @ApiPropertyOptional({ default: false, description: 'Вместе с архивными и выпущенными группами' })
  @QueryBool()
  includeArchived: boolean = false;
}

export class GroupPageQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Поиск по названию группы, коду и названию специальности, профилю и форме обучения' })
  @QueryText()
  query?: string;

  @ApiPropertyOptional({ type: [Number], description: 'Повторяемый параметр' })
  @QueryIdList({ maxItems: 100 })
  educationFormId?: number[];

  @ApiPropertyOptional({ type: [Number], description: 'Повторяемый параметр; для роли DEPARTMENT всегда своя кафедра' })
  @QueryIdList({ maxItems: 100 })
  departmentId?: number[];

  @ApiPropertyOptional({ type: [Number], description: 'Повторяемый параметр' })
  @QueryIdList({ maxItems: 100 })
  yearStartStudy?: number[];

  @ApiPropertyOptional({ default: false, description: 'Вместе с архивными и выпущенными группами' })
  @QueryBool()
  includeArchived: boolean = false;

  @ApiPropertyOptional({ enum: GROUP_SORTS, default: 'name' })
  @OneOfField(GROUP_SORTS, { optional: true })
  sort: GroupSort = 'name';
}

export class GroupOptionsQuery {
  @ApiPropertyOptional({ description: 'Поиск по названию группы, коду и названию специальности, профилю и форме обучения' })
  @QueryText()
  query?: string;

  @ApiPropertyOptional({ description: 'Кафедра (для роли DEPARTMENT всегда своя)' })
  @QueryId()
  departmentId?: number;

  @ApiPropertyOptional({ description: 'Добавить эту группу к ответу, если она доступна' })
  @QueryId()
  selectedId?: number;

  @ApiPropertyOptional({ default: 20, minimum: 1, maximum: 50 })
  @QueryInt({ min: 1, max: 50 })
  limit: number = 20;
}
