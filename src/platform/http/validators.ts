import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptions } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateBy,
  ValidationArguments,
} from 'class-validator';
import { isCalendarDate } from './dates';

/**
 * Composite validators: each carries its Russian message naming the field, so every DTO speaks the
 * same language, and the Swagger metadata of its rule (length, range, values, format), so a limit is
 * written once. That metadata is merged into the property's own ApiProperty whichever is applied
 * first (only keys given here are set; the DTO's own description, example or type stay).
 */
const field = (args: ValidationArguments) => `Поле «${args.property}»`;
const say = (text: string) => (args: ValidationArguments) => `${field(args)} ${text}`;

interface Presence {
  optional?: boolean;
}

/** The rule's Swagger metadata; keys left undefined are not set. */
function documented(metadata: ApiPropertyOptions, options: Presence | undefined): PropertyDecorator {
  return ApiProperty({ ...metadata, required: !options?.optional } as ApiPropertyOptions);
}

function presence(options: Presence | undefined): PropertyDecorator {
  return options?.optional ? IsOptional() : IsDefined({ message: say('обязательно') });
}

const trim = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** A string; required ones must be non-blank. Surrounding spaces are trimmed. */
export function TextField(options: Presence & { maxLength?: number; minLength?: number; allowEmpty?: boolean } = {}) {
  const minLength = options.minLength ?? (!options.optional && !options.allowEmpty ? 1 : undefined);
  const decorators = [
    documented({ type: 'string', minLength, maxLength: options.maxLength ?? 255 }, options),
    presence(options),
    trim,
    IsString({ message: say('должно быть строкой') }),
  ];
  if (!options.optional && !options.allowEmpty) decorators.push(MinLength(1, { message: say('не может быть пустым') }));
  if (options.minLength) {
    decorators.push(MinLength(options.minLength, { message: say(`должно содержать не менее ${options.minLength} символов`) }));
  }
  decorators.push(MaxLength(options.maxLength ?? 255, { message: say(`должно содержать не более ${options.maxLength ?? 255} символов`) }));
  return applyDecorators(...decorators);
}

/** An e-mail address (a plain `local@domain.tld`, at most 254 characters); empty or null means none. */
export function EmailField() {
  return applyDecorators(
    documented({ type: 'string', maxLength: 254, format: 'email', nullable: true }, { optional: true }),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value)),
    IsOptional(),
    IsString({ message: say('должно быть строкой') }),
    MaxLength(254, { message: say('должно содержать не более 254 символов') }),
    ValidateBy({
      name: 'isPlainEmail',
      validator: { validate: (value: unknown) => typeof value === 'string' && /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:.]{2,}$/.test(value) },
    }, { message: say('должно быть адресом электронной почты, например ivanov@university.ru') }),
  );
}

/** A database id: a positive integer. */
export function IdField(options: Presence = {}) {
  return applyDecorators(
    documented({ type: 'integer', minimum: 1 }, options),
    presence(options),
    IsInt({ message: say('должно быть целым числом') }),
    Min(1, { message: say('должно быть положительным числом') }),
  );
}

export function IntField(options: Presence & { min?: number; max?: number } = {}) {
  const decorators = [
    documented({ type: 'integer', minimum: options.min, maximum: options.max }, options),
    presence(options),
    IsInt({ message: say('должно быть целым числом') }),
  ];
  if (options.min !== undefined) decorators.push(Min(options.min, { message: say(`должно быть не меньше ${options.min}`) }));
  if (options.max !== undefined) decorators.push(Max(options.max, { message: say(`должно быть не больше ${options.max}`) }));
  return applyDecorators(...decorators);
}

export function BooleanField(options: Presence = {}) {
  return applyDecorators(presence(options), IsBoolean({ message: say('должно быть true или false') }));
}

export function OneOfField(values: readonly string[], options: Presence = {}) {
  return applyDecorators(documented({ enum: [...values] }, options), presence(options), IsIn(values, { message: say(`должно иметь одно из значений: ${values.join(', ')}`) }));
}

/** A calendar date `YYYY-MM-DD`; documented as `format: date` wherever it is used (body or query). */
export function CalendarDateField(options: Presence = {}) {
  return applyDecorators(
    documented({ type: 'string', format: 'date' }, options),
    presence(options),
    ValidateBy({
      name: 'isCalendarDate',
      validator: { validate: (value) => isCalendarDate(value), defaultMessage: say('должно быть датой в формате ГГГГ-ММ-ДД') },
    }),
  );
}

/** The password rule of user creation (spec: at least 8 characters), shared by every endpoint that sets one. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * A new password: a string of 8 to 128 characters, never trimmed (every character counts). Carries
 * its Swagger metadata, so the limits are written once.
 */
export function PasswordField(description?: string) {
  return applyDecorators(
    ApiProperty({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, example: 'new-secret-password', description }),
    IsDefined({ message: say('обязательно') }),
    IsString({ message: say('должно быть строкой') }),
    MinLength(PASSWORD_MIN_LENGTH, { message: say(`должно содержать не менее ${PASSWORD_MIN_LENGTH} символов`) }),
    MaxLength(PASSWORD_MAX_LENGTH, { message: say(`должно содержать не более ${PASSWORD_MAX_LENGTH} символов`) }),
  );
}

// ---- query-string parameters (always strings on the wire) ----

function toNumber(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) return Number.NaN;
  return Number(value);
}

/** An optional integer query parameter. */
export function QueryInt(options: { min?: number; max?: number } = {}) {
  return applyDecorators(Transform(({ value }: { value: unknown }) => toNumber(value)), IntField({ optional: true, ...options }));
}

/** An optional positive id in the query string. */
export function QueryId() {
  return applyDecorators(Transform(({ value }: { value: unknown }) => toNumber(value)), IdField({ optional: true }));
}

/** A required positive id in the query string. */
export function RequiredQueryId() {
  return applyDecorators(Transform(({ value }: { value: unknown }) => toNumber(value)), IdField());
}

/** A repeatable id parameter: `?departmentId=1&departmentId=2`. */
export function QueryIdList(options: { maxItems?: number } = {}) {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) => {
      if (value === undefined || value === '') return undefined;
      const list: unknown[] = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
      return list.map((item) => (item === '' ? Number.NaN : Number(item)));
    }),
    IsOptional(),
    IsInt({ each: true, message: say('должно содержать целые числа') }),
    Min(1, { each: true, message: say('должно содержать положительные числа') }),
    ValidateBy({
      name: 'maxItems',
      validator: {
        validate: (value) => !Array.isArray(value) || value.length <= (options.maxItems ?? 1000),
        defaultMessage: say(`может содержать не более ${options.maxItems ?? 1000} значений`),
      },
    }),
  );
}

export function QueryBool() {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) => {
      if (value === undefined || value === '') return undefined;
      if (value === 'true' || value === true) return true;
      if (value === 'false' || value === false) return false;
      return value;
    }),
    BooleanField({ optional: true }),
  );
}

export function QueryText() {
  return TextField({ optional: true, maxLength: 200 });
}

export function QuerySortDirection() {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.toLowerCase() : value)),
    OneOfField(['asc', 'desc'], { optional: true }),
  );
}
