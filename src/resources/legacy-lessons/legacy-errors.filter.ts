import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import { Response } from 'express';
import { AllExceptionsFilter } from '../../platform/http/all-exceptions.filter';
import { AppError, STATUS_MESSAGES } from '../../platform/http/app-error';

function statusOf(exception: unknown): number | undefined {
  if (exception instanceof AppError) return exception.status;
  if (exception instanceof HttpException) return exception.getStatus();
  return undefined;
}

/**
 * The earlier revision's error shapes, for its controller only: 400 is `{message}` and 404 has an
 * empty body. Everything else (401, 403, 409, 500, ...) gets the common body of the global filter.
 */
@Catch()
export class LegacyErrorsFilter implements ExceptionFilter {
  private readonly common = new AllExceptionsFilter();

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const status = statusOf(exception);
    if (response.headersSent || (status !== 400 && status !== 404)) {
      this.common.catch(exception, host);
      return;
    }
    if (status === 404) {
      response.status(404).end();
      return;
    }
    const message = exception instanceof AppError ? exception.message : STATUS_MESSAGES[400];
    response.status(400).json({ message });
  }
}
