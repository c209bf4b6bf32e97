import { CallHandler, ExecutionContext, HttpException, Injectable, NestInterceptor } from '@nestjs/common';
import { catchError, Observable, throwError } from 'rxjs';
import { BadRequestError } from '../platform/http/app-error';
import { FILE_TOO_LARGE } from './spreadsheet';

const BAD_UPLOAD = 'Файл передаётся одним полем формы «file» в запросе multipart/form-data';

/**
 * Multer's refusals (Nest turns them into English 413/400 exceptions) become the common 400 body with
 * a Russian message: a file over the limit, another field name, several files, a broken form.
 */
@Injectable()
export class UploadRefusals implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof HttpException && error.getStatus() === 413) return throwError(() => new BadRequestError(FILE_TOO_LARGE));
        if (error instanceof HttpException && error.getStatus() === 400) return throwError(() => new BadRequestError(BAD_UPLOAD));
        const code = (error as { code?: unknown })?.code;
        if (typeof code === 'string' && code.startsWith('LIMIT_')) return throwError(() => new BadRequestError(BAD_UPLOAD));
        return throwError(() => error);
      }),
    );
  }
}
