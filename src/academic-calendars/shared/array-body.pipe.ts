import { PipeTransform, Type } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync, ValidationError } from 'class-validator';
import { BadRequestError } from '../../platform/http/app-error';

export interface ArrayBodyOptions<T> {
  item: Type<T>;
  /** What the whole list is, for messages: «Тело запроса должно быть массивом <shape>». */
  shape: string;
  maxItems: number;
  allowEmpty: boolean;
  emptyMessage?: string;
  /** How a message names an element, from its 0-based index and the raw value. */
  label: (index: number, raw: unknown) => string;
}

// As in the global pipe: presence and type problems explain a value best, ranges come after them.
const PRIORITY = ['isDefined', 'isString', 'isInt', 'isBoolean'];
const rank = (key: string) => (PRIORITY.includes(key) ? PRIORITY.indexOf(key) : PRIORITY.length);

function firstMessage(errors: ValidationError[]): string | undefined {
  for (const error of errors) {
    const entries = Object.entries(error.constraints ?? {}).sort(([a], [b]) => rank(a) - rank(b));
    if (entries.length > 0) return entries[0][1];
  }
  return undefined;
}

/**
 * A JSON array body whose elements are validated like DTOs (the global pipe skips arrays). The first
 * bad element is reported, named by `label`; nothing is looked up in the database here.
 */
export class ArrayBodyPipe<T extends object> implements PipeTransform<unknown, T[]> {
  constructor(private readonly options: ArrayBodyOptions<T>) {}

  transform(body: unknown): T[] {
    const { item, shape, maxItems, allowEmpty, emptyMessage, label } = this.options;
    if (!Array.isArray(body)) throw new BadRequestError(`Тело запроса должно быть массивом ${shape}`);
    if (body.length === 0 && !allowEmpty) throw new BadRequestError(emptyMessage ?? 'Список не может быть пустым');
    if (body.length > maxItems) throw new BadRequestError(`Список может содержать не более ${maxItems} элементов`);
    return body.map((raw: unknown, index) => {
      if (raw === null || raw === undefined) throw new BadRequestError(`${label(index, raw)}: элемент не может быть пустым (null)`);
      if (typeof raw !== 'object' || Array.isArray(raw)) throw new BadRequestError(`${label(index, raw)}: элемент должен быть объектом ${shape}`);
      const value = plainToInstance(item, raw);
      const problem = firstMessage(validateSync(value, { whitelist: true, validationError: { target: false, value: false } }));
      if (problem) throw new BadRequestError(`${label(index, raw)}: ${problem}`);
      return value;
    });
  }
}
