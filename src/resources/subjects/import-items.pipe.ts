import { PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync, ValidationError } from 'class-validator';
import { BadRequestError } from '../../platform/http/app-error';
import { MAX_IMPORT_ITEMS, SubjectImportItem } from './dto/subject-import.dto';

function firstMessages(errors: ValidationError[]): string[] {
  return errors.flatMap((error) => Object.values(error.constraints ?? {}).slice(0, 1));
}

/**
 * The import body: a JSON array of `{name, code}` (an object `{subjects: [...]}` is accepted too).
 * Each item is validated like a DTO; messages name the item's 1-based number.
 */
export class ImportItemsPipe implements PipeTransform<unknown, SubjectImportItem[]> {
  transform(body: unknown): SubjectImportItem[] {
    const list = Array.isArray(body) ? body : (body as { subjects?: unknown } | undefined)?.subjects;
    if (!Array.isArray(list)) throw new BadRequestError('Тело запроса должно быть массивом дисциплин [{name, code}]');
    if (list.length === 0) throw new BadRequestError('Список дисциплин для импорта пуст');
    if (list.length > MAX_IMPORT_ITEMS) throw new BadRequestError(`За один импорт можно передать не более ${MAX_IMPORT_ITEMS} дисциплин`);

    const problems: string[] = [];
    const refused: string[] = [];
    const items = list.map((raw: unknown, index) => {
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
        problems.push(`Дисциплина №${index + 1}: должна быть объектом {name, code}`);
        refused.push(`[${index}]`);
        return undefined;
      }
      const item = plainToInstance(SubjectImportItem, raw);
      const errors = validateSync(item, { whitelist: true, validationError: { target: false, value: false } });
      problems.push(...firstMessages(errors).map((message) => `Дисциплина №${index + 1}: ${message}`));
      refused.push(...errors.map((error) => `[${index}].${error.property}`));
      return item;
    });
    if (problems.length > 0) throw new BadRequestError(problems.slice(0, 20).join('; ')).at(refused[0], ...refused.slice(1, 20));
    return items.filter((item): item is SubjectImportItem => item !== undefined);
  }
}
