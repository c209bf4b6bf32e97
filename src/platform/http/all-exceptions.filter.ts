import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { Request, Response } from 'express';
import { classifyDatabaseError, describeDatabaseError } from '../database/pg-errors';
import { constraintMessage } from '../database/constraint-messages';
import { AppError, STATUS_MESSAGES } from './app-error';
import { errorBody } from './error-body';
import { TOO_DEEP_MESSAGE, TOO_DEEP_TYPE } from './json-depth';

interface Resolved {
  status: number;
  message: string;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
  extra?: Record<string, unknown>;
  field?: string;
  fields?: string[];
}

export const DATABASE_MESSAGES = {
  check: 'Данные не прошли проверку: проверьте значения полей',
  unique: 'Запись с такими значениями уже существует',
  'foreign-key': 'Операция нарушает связь с другими данными: связанная запись отсутствует или ещё используется',
  exclusion: 'Период или интервал пересекается с уже существующей записью',
  concurrent: 'Данные одновременно изменил другой запрос, повторите попытку',
  unavailable: 'База данных университета временно недоступна, повторите попытку позже',
} as const;

/**
 * The one place where errors become HTTP answers: the spec's common body with Russian texts, and
 * never SQL, driver text, constraint names or stack traces (in the body or in the log).
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    const request = context.getRequest<Request>();
    const response = context.getResponse<Response>();
    const resolved = this.resolve(exception, request);
    // The request's metrics count database errors by kind (the request log reads it when the request ends).
    const database = classifyDatabaseError(exception);
    if (database) response.locals.databaseError = database.kind;

    if (response.headersSent) return;
    for (const [name, value] of Object.entries(resolved.headers ?? {})) response.setHeader(name, value);
    const path = request.originalUrl.split('?')[0];
    const body = resolved.body ?? { ...errorBody(resolved.status, resolved.message, path), ...resolved.extra };
    const placed = resolved.field === undefined ? body : { ...body, field: resolved.field, ...(resolved.fields ? { fields: resolved.fields } : {}) };
    response.status(resolved.status).json(placed);
  }

  private resolve(exception: unknown, request: Request): Resolved {
    if (exception instanceof AppError) {
      return { status: exception.status, message: exception.message, body: exception.body, headers: exception.headers, extra: exception.extra, field: exception.field, fields: exception.fields };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      // Nest turns body-parser's SyntaxError into a plain 400 whose (English) text mentions JSON.
      if (status === 400 && /JSON/.test(exception.message)) {
        return { status, message: 'Тело запроса содержит некорректный JSON' };
      }
      return { status, message: STATUS_MESSAGES[status] ?? STATUS_MESSAGES[500] };
    }
    const bodyParserError = exception as { type?: unknown; status?: unknown };
    if (bodyParserError?.type === 'entity.parse.failed') {
      return { status: 400, message: 'Тело запроса содержит некорректный JSON' };
    }
    if (bodyParserError?.type === TOO_DEEP_TYPE) return { status: 400, message: TOO_DEEP_MESSAGE };
    if (typeof bodyParserError?.type === 'string' && typeof bodyParserError.status === 'number') {
      const status = bodyParserError.status;
      return { status, message: STATUS_MESSAGES[status] ?? STATUS_MESSAGES[400] };
    }

    const database = classifyDatabaseError(exception);
    if (database && database.kind !== 'unknown') {
      const status = database.kind === 'check' ? 400 : database.kind === 'unavailable' ? 503 : 409;
      if (status === 503) {
        this.logger.warn(`${request.method} ${request.originalUrl.split('?')[0]}: ${describeDatabaseError(exception)}`);
      }
      return { status, message: constraintMessage(database.constraint) ?? DATABASE_MESSAGES[database.kind] };
    }

    this.logger.error({ message: `${request.method} ${request.originalUrl.split('?')[0]}: unhandled ${describeDatabaseError(exception)}`, ...unexpected(exception) });
    return { status: 500, message: STATUS_MESSAGES[500] };
  }
}

/** Addresses are cut out of what is logged: they may carry credentials or tokens. */
const withoutUrls = (text: string) => text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s'"]+/gi, '<url>');

/**
 * What the log needs to find the fault of an unexpected 500 (never the answer): the error's class,
 * message and stack. A database error keeps only its stack's frames, since the driver's message may
 * quote SQL or values; addresses are cut out of both.
 */
function unexpected(exception: unknown): Record<string, string> {
  if (!(exception instanceof Error)) return { errorClass: typeof exception };
  const frames = (exception.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  if (classifyDatabaseError(exception)) return { errorClass: exception.constructor.name, stack: frames.join('\n') };
  return {
    errorClass: exception.constructor.name,
    errorMessage: withoutUrls(exception.message).slice(0, 1000),
    stack: withoutUrls(frames.join('\n')),
  };
}
