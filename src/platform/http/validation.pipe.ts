import { ValidationError, ValidationPipe } from '@nestjs/common';
import { BadRequestError } from './app-error';

// Presence and type problems explain a value best; range and length checks come after them.
const PRIORITY = ['isDefined', 'isString', 'isInt', 'isBoolean', 'isArray', 'isIn'];

function firstMessage(constraints: Record<string, string> | undefined): string[] {
  const entries = Object.entries(constraints ?? {});
  const rank = (key: string) => (PRIORITY.includes(key) ? PRIORITY.indexOf(key) : PRIORITY.length);
  entries.sort(([a], [b]) => rank(a) - rank(b));
  return entries.slice(0, 1).map(([, text]) => text);
}

function messages(errors: ValidationError[], prefix = ''): string[] {
  return errors.flatMap((error) => {
    const own = firstMessage(error.constraints);
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
