import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsDefined, ValidateBy, ValidationArguments } from 'class-validator';
import { normalizeTimeOfDay } from './time-of-day';

/**
 * A required time of day: 'HH:MM' or 'HH:MM:SS', stored and answered as 'HH:MM:SS'. Anything else
 * (including '24:00' or a number) is a 400.
 */
export function TimeOfDayField() {
  return applyDecorators(
    IsDefined({ message: (args: ValidationArguments) => `Поле «${args.property}» обязательно` }),
    Transform(({ value }: { value: unknown }) => normalizeTimeOfDay(value) ?? value),
    ValidateBy({
      name: 'isTimeOfDay',
      validator: {
        validate: (value) => typeof value === 'string' && normalizeTimeOfDay(value) === value,
        defaultMessage: (args?: ValidationArguments) =>
          `Поле «${args?.property ?? ''}» должно быть временем в формате ЧЧ:ММ или ЧЧ:ММ:СС (00:00–23:59)`,
      },
    }),
  );
}
