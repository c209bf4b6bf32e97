import { plainToInstance } from 'class-transformer';
import { validate, ValidationError } from 'class-validator';
import { RowRefusal } from './columns';

// As the API's validation pipe ranks them: presence and type first, then range and length.
const PRIORITY = ['isDefined', 'isString', 'isInt', 'isBoolean', 'isArray', 'isIn'];

function firstProblem(errors: ValidationError[]): { property: string; message: string } | undefined {
  for (const error of errors) {
    const entries = Object.entries(error.constraints ?? {});
    if (entries.length > 0) {
      const rank = (key: string) => (PRIORITY.includes(key) ? PRIORITY.indexOf(key) : PRIORITY.length);
      entries.sort(([a], [b]) => rank(a) - rank(b));
      return { property: error.property, message: entries[0][1] };
    }
    const nested = firstProblem(error.children ?? []);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * Checks a row's request with the feature's own DTO, as the API's validation pipe would, and turns the
 * first problem into a refusal of the row in the column that filled the field: «Поле «groupSize» …»
 * becomes «Поле «Численность» …». `columnOf` maps a DTO property to the column's Russian header.
 */
export async function validRequest<T extends object>(
  type: new () => T,
  plain: Record<string, unknown>,
  columnOf: (property: string) => string | null,
): Promise<T> {
  const request = plainToInstance(type, plain);
  const problem = firstProblem(await validate(request, { whitelist: true, forbidNonWhitelisted: false }));
  if (problem) {
    const column = columnOf(problem.property);
    const message = column ? problem.message.replace(`«${problem.property}»`, `«${column}»`) : problem.message;
    throw new RowRefusal(column, message);
  }
  return request;
}
