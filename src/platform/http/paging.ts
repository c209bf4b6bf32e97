import { applyDecorators, Type } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { QueryInt, QuerySortDirection } from './validators';

export type SortDirection = 'asc' | 'desc';

/** Common paging parameters: page (0-based), size 1..100 (default 25), direction. */
export class PageQuery {
  @ApiPropertyOptional({ description: 'Номер страницы с 0', default: 0, minimum: 0 })
  @QueryInt({ min: 0 })
  page: number = 0;

  @ApiPropertyOptional({ description: 'Размер страницы', default: 25, minimum: 1, maximum: 100 })
  @QueryInt({ min: 1, max: 100 })
  size: number = 25;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'asc' })
  @QuerySortDirection()
  direction: SortDirection = 'asc';
}

export interface Page<T> {
  items: T[];
  page: number;
  size: number;
  totalItems: number;
  totalPages: number;
  first: boolean;
  last: boolean;
}

export function toPage<T>(items: T[], totalItems: number, page: number, size: number): Page<T> {
  const totalPages = Math.ceil(totalItems / size);
  return { items, page, size, totalItems, totalPages, first: page === 0, last: page >= totalPages - 1 };
}

/** Swagger for a paged answer of `model` items (the spec's page fields). */
export function ApiPageResponse(model: Type<unknown>) {
  return applyDecorators(
    ApiExtraModels(model),
    ApiOkResponse({
      schema: {
        type: 'object',
        properties: {
          items: { type: 'array', items: { $ref: getSchemaPath(model) } },
          page: { type: 'integer' },
          size: { type: 'integer' },
          totalItems: { type: 'integer' },
          totalPages: { type: 'integer' },
          first: { type: 'boolean' },
          last: { type: 'boolean' },
        },
      },
    }),
  );
}
