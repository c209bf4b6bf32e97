import { OpenAPIObject } from '@nestjs/swagger';
import { STATUS_TITLES } from './app-error';

export const ERROR_BODY_SCHEMA = 'ErrorBody';

/** The common error body of every refusal (spec part 7), as an OpenAPI schema. */
const ERROR_BODY = {
  type: 'object',
  required: ['timestamp', 'status', 'error', 'message', 'path'],
  properties: {
    timestamp: { type: 'string', format: 'date-time', example: '2026-09-01T07:30:00.000Z' },
    status: { type: 'integer', example: 400 },
    error: { type: 'string', description: 'Краткое название статуса', example: 'Некорректный запрос' },
    message: { type: 'string', description: 'Что именно не так, по-русски', example: 'Поле «departmentName» обязательно' },
    path: { type: 'string', example: '/api/departments' },
    field: {
      type: 'string',
      description:
        'Свойство запроса, к которому относится ошибка (вложенные — как в теле: slots[1].classroomId); есть у каждой ошибки проверки (400) и у отказов, касающихся одного поля. Клиент размещает ошибку по нему, а не по тексту сообщения',
      example: 'departmentName',
    },
    fields: {
      type: 'array',
      items: { type: 'string' },
      description: 'Все свойства, к которым относится ошибка, когда их несколько (первое из них — field)',
      example: ['[0].name', '[2].name'],
    },
  },
};

/** When each refusal happens, for the operations that can get it. */
const WHEN: Record<number, string> = {
  400: 'Некорректные параметры или тело запроса',
  401: 'Нет действительного токена доступа (или он выдан другим университетом)',
  403: 'Роль или кафедра вызывающего не допускают операцию',
  404: 'Объект не найден, или домен в Host не называет университет',
  409: 'Операция противоречит текущему состоянию данных',
  503: 'База данных университета недоступна или ещё не готова',
};

interface Operation {
  parameters?: unknown[];
  requestBody?: unknown;
  security?: unknown[];
  responses: Record<string, unknown>;
}

const WRITES = new Set(['post', 'put', 'patch', 'delete']);

/** The refusals an operation can meet, from what it has: a token, input, a write. */
function refusalsOf(path: string, method: string, operation: Operation): number[] {
  const statuses = [404, 503];
  if (operation.parameters?.length || operation.requestBody) statuses.push(400);
  if (operation.security?.length) statuses.push(401, 403);
  // Sessions (login, refresh, logout) change no shared data that could conflict.
  if (WRITES.has(method) && !path.startsWith('/api/auth/')) statuses.push(409);
  return statuses.sort();
}

interface Schema {
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
}

/**
 * The spec's naming: `...Date`, `date`, `validFrom`/`validTo` are calendar dates (`YYYY-MM-DD`),
 * `...At` are moments. Strings so named get their format where a DTO did not give one.
 */
function formatByName(name: string, schema: Schema | undefined): void {
  if (!schema) return;
  if (schema.type === 'array') return formatByName(name, schema.items);
  if (schema.type !== 'string' || schema.format) return;
  if (/(^date|Date|^validFrom|^validTo)$/.test(name)) schema.format = 'date';
  else if (/[a-z]At$/.test(name)) schema.format = 'date-time';
}

/**
 * OpenAPI conventions applied once to the whole document instead of on each handler:
 * - the common error body as a schema, and on every `/api` operation the 4xx/503 answers it can give;
 *   an answer a handler documents itself (the login's 401 and 429, a rule conflict's 409) is kept,
 *   and gets the common body only when it names none;
 * - `format: date` / `date-time` on date and moment strings by the spec's naming (composite validators
 *   such as `CalendarDateField` carry it too).
 */
export function applyApiConventions(document: OpenAPIObject): OpenAPIObject {
  document.components ??= {};
  for (const schema of Object.values(document.components.schemas ?? {}) as Schema[]) {
    for (const [name, property] of Object.entries(schema.properties ?? {})) formatByName(name, property);
  }
  document.components.schemas = { ...document.components.schemas, [ERROR_BODY_SCHEMA]: ERROR_BODY };
  const content = { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_BODY_SCHEMA}` } } };
  for (const [path, item] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, value] of Object.entries(item as Record<string, unknown>)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const operation = value as Operation;
      for (const parameter of (operation.parameters ?? []) as { name?: string; schema?: Schema }[]) {
        if (parameter.name) formatByName(parameter.name, parameter.schema);
      }
      for (const status of refusalsOf(path, method, operation)) {
        operation.responses[String(status)] ??= { description: `${STATUS_TITLES[status]}: ${WHEN[status]}`, content };
      }
      // A refusal a handler documented without a body has the common one.
      for (const [status, response] of Object.entries(operation.responses as Record<string, { content?: unknown }>)) {
        if (Number(status) >= 400) response.content ??= content;
      }
    }
  }
  return document;
}
