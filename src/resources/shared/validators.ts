import { applyDecorators } from '@nestjs/common';
import { ArrayMaxSize, IsArray, IsInt, Min, ValidateIf, ValidationArguments } from 'class-validator';

const say = (text: string) => (args: ValidationArguments) => `Поле «${args.property}» ${text}`;

/** An optional list of positive ids (each checked), at most `maxItems` long. */
export function IdListField(options: { maxItems: number }) {
  return applyDecorators(
    PresentOnly(),
    IsArray({ message: say('должно быть массивом идентификаторов') }),
    ArrayMaxSize(options.maxItems, { message: say(`может содержать не более ${options.maxItems} значений`) }),
    IsInt({ each: true, message: say('должно содержать целые числа') }),
    Min(1, { each: true, message: say('должно содержать положительные числа') }),
  );
}

/**
 * Validates a field of a partial update only when the client sent it. Unlike `IsOptional`, an explicit
 * null is still validated (and so refused by the field's own rules).
 */
export function PresentOnly() {
  return ValidateIf((object: object, value: unknown) => value !== undefined);
}
