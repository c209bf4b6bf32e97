import { getMetadataStorage, registerDecorator, ValidationArguments, ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

/** A DTO class, as class-validator keys its rules. */
export type DtoClass = abstract new (...args: never[]) => object;

type Storage = { validationMetadatas: Map<DtoClass, ValidationMetadata[]> };

const guarded = new WeakSet<ValidationMetadata>();

const isObject = (value: unknown) => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A list property: `@ValidateNested({ each: true })`, or a plain `@ValidateNested()` on an array-typed property. */
const isList = (rule: ValidationMetadata) =>
  rule.each || (typeof rule.target === 'function' && Reflect.getMetadata('design:type', rule.target.prototype as object, rule.propertyName) === Array);

/**
 * class-validator's `@ValidateNested` walks into an array wherever it finds one, so `[[]]` in place of
 * a list of objects (or `[]` in place of one object) passed validation and reached the services as a
 * 500 (issue 46 §3). Every nested property of every DTO gets a companion rule: each element (or the
 * value) must be an object. Applied to the rules registered when the validation pipe is made, which is
 * after every controller and its DTOs were loaded; running it again adds nothing twice.
 */
export function requireNestedObjects(): void {
  const storage = getMetadataStorage() as unknown as Storage;
  const nested = [...storage.validationMetadatas.values()].flat().filter((rule) => rule.type === ValidationTypes.NESTED_VALIDATION && !guarded.has(rule));
  for (const rule of nested) {
    guarded.add(rule);
    const each = isList(rule);
    registerDecorator({
      name: 'isNestedObject',
      target: rule.target as DtoClass,
      propertyName: rule.propertyName,
      options: {
        each,
        groups: rule.groups,
        always: rule.always,
        message: (args: ValidationArguments) =>
          each ? `Поле «${args.property}» должно содержать объекты, а не массивы, строки, числа или null` : `Поле «${args.property}» должно быть объектом`,
      },
      // undefined is for @IsDefined / @IsOptional to judge.
      validator: { validate: (value: unknown) => value === undefined || isObject(value) },
    });
  }
}

/** The DTO classes and properties validated as nested objects (for the test that sends every wrong shape). */
export function nestedProperties(): { target: DtoClass; property: string; each: boolean }[] {
  const storage = getMetadataStorage() as unknown as Storage;
  return [...storage.validationMetadatas.values()]
    .flat()
    .filter((rule) => rule.type === ValidationTypes.NESTED_VALIDATION && typeof rule.target === 'function')
    .map((rule) => ({ target: rule.target as DtoClass, property: rule.propertyName, each: isList(rule) }));
}
