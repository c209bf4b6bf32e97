import { ValidationError, ValidationPipe } from '@nestjs/common';
import { BadRequestError } from './app-error';

function messages(errors: ValidationError[], prefix = ''): string[] {
  return errors.flatMap((error) => {
    const own = Object.values(error.constraints ?? {}).slice(0, 1);
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    const nested = messages(error.children ?? [], path);
    return [...own.map((text) => (prefix ? text.replace(`«${error.property}»`, `«${path}»`) : text)), ...nested];
  });
}

/** Global validation: DTO transform on, unknown fields stripped (the spec ignores some client fields). */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: false,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new BadRequestError(messages(errors).join('; ') || 'Некорректные данные запроса'),
  });
}
