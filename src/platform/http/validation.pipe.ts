import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
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

type RuleStorage = {
  getTargetValidationMetadatas(target: object, schema: string, always: boolean, strictGroups: boolean, groups?: string[]): ValidationMetadata[];
  groupByPropertyName(metadata: ValidationMetadata[]): Record<string, ValidationMetadata[]>;
  addValidationMetadata(metadata: ValidationMetadata): void;
};

let rulesRemembered = false;

/**
 * class-validator gathers a class's rules on every validation by walking the metadata of every
 * decorated class (an `instanceof` each), then groups them by property: a third of a query's
 * validation in issue 29's profile. The rules of a class change only when a decorator registers one,
 * so both answers are kept per class and options, and forgotten whenever a rule is added.
 */
function rememberValidationRules(): void {
  if (rulesRemembered) return;
  rulesRemembered = true;
  const storage = getMetadataStorage() as unknown as RuleStorage;
  const gather = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  let rulesOf = new WeakMap<object, Map<string, ValidationMetadata[]>>();
  let groupedOf = new WeakMap<ValidationMetadata[], Record<string, ValidationMetadata[]>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}\u001f${always}\u001f${strictGroups}\u001f${groups?.join('\u001e') ?? ''}`;
    let byOptions = rulesOf.get(target);
    if (!byOptions) rulesOf.set(target, (byOptions = new Map<string, ValidationMetadata[]>()));
    let rules = byOptions.get(key);
    if (!rules) byOptions.set(key, (rules = gather(target, schema, always, strictGroups, groups)));
    return rules;
  };
  storage.groupByPropertyName = (rules) => {
    let grouped = groupedOf.get(rules);
    if (!grouped) groupedOf.set(rules, (grouped = group(rules)));
    return grouped;
  };
  storage.addValidationMetadata = (metadata) => {
    add(metadata);
    rulesOf = new WeakMap();
    groupedOf = new WeakMap();
  };
}

/** How many validated query strings are kept per query class. */
const VALIDATED_QUERIES_PER_CLASS = 2_000;

/**
 * The global pipe, which also remembers the query objects it has validated: a query DTO is made from
 * the query string alone, and the viewing paths see the same few (a group's week, asked by all its
 * students) thousands of times. A remembered one is frozen, shared by the requests that sent the same
 * query, and forgotten oldest first; bodies and refused queries are validated every time.
 */
class RememberingValidationPipe extends ValidationPipe {
  private readonly validatedQueries = new WeakMap<object, Map<string, unknown>>();

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const dtoClass = metadata.metatype;
    if (metadata.type !== 'query' || !dtoClass || !this.toValidate(metadata) || value === null || typeof value !== 'object') {
      return super.transform(value, metadata);
    }
    let known = this.validatedQueries.get(dtoClass);
    if (!known) this.validatedQueries.set(dtoClass, (known = new Map<string, unknown>()));
    const key = JSON.stringify(value);
    if (known.has(key)) return known.get(key);
    const validated: unknown = freezeQuery(await super.transform(value, metadata));
    if (known.size >= VALIDATED_QUERIES_PER_CLASS) known.delete(known.keys().next().value as string);
    known.set(key, validated);
    return validated;
  }
}

/** A validated query object and its lists, frozen: the requests that share it cannot change it. */
function freezeQuery<T>(query: T): T {
  if (query !== null && typeof query === 'object') {
    for (const field of Object.values(query)) if (Array.isArray(field)) Object.freeze(field);
    Object.freeze(query);
  }
  return query;
}

/** Global validation: DTO transform on, unknown fields stripped (the spec ignores some client fields). */
export function createValidationPipe(): ValidationPipe {
  rememberValidationRules();
  return new RememberingValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: false,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new BadRequestError(messages(errors).join('; ') || 'Некорректные данные запроса'),
  });
}
