import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { BoundedMap } from '../bounded-map';
import { BadRequestError } from './app-error';
import { requireNestedObjects } from './nested-objects';

// Presence and type problems explain a value best; range and length checks come after them.
const PRIORITY = ['isDefined', 'isString', 'isInt', 'isBoolean', 'isArray', 'isIn'];

function firstMessage(constraints: Record<string, string> | undefined): string[] {
  const entries = Object.entries(constraints ?? {});
  const rank = (key: string) => (PRIORITY.includes(key) ? PRIORITY.indexOf(key) : PRIORITY.length);
  entries.sort(([a], [b]) => rank(a) - rank(b));
  return entries.slice(0, 1).map(([, text]) => text);
}

interface Problem {
  /** The request property path, as a client writes it: `slots[1].classroomId`. */
  field: string;
  text: string;
}

/** An array element's index joins its array as `[1]`; a nested object's property as `.name`. */
const childPath = (prefix: string, property: string) => (!prefix ? property : /^\d+$/.test(property) ? `${prefix}[${property}]` : `${prefix}.${property}`);

function problems(errors: ValidationError[], prefix = ''): Problem[] {
  return errors.flatMap((error) => {
    const field = childPath(prefix, error.property);
    const own = firstMessage(error.constraints).map((text) => ({ field, text: prefix ? text.replace(`«${error.property}»`, `«${field}»`) : text }));
    return [...own, ...problems(error.children ?? [], field)];
  });
}

/** The refusal of a body or query: every problem in the message, their properties as `field` (the first) and `fields`. */
function validationError(errors: ValidationError[]): BadRequestError {
  const found = problems(errors);
  const refusal = new BadRequestError(found.map((problem) => problem.text).join('; ') || 'Некорректные данные запроса');
  const fields = [...new Set(found.map((problem) => problem.field))];
  return fields.length > 0 ? refusal.at(fields[0], ...fields.slice(1)) : refusal;
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

/**
 * How many validated queries are kept, all query classes together: every group's every week of a
 * semester of the largest university the benchmark models (600 × 18) with room for its teachers'.
 * Only queries of up to `LONGEST_REMEMBERED_QUERY` characters are kept, so the memory stays under
 * about 16 MB whatever clients send (about 2 MB for the views' usual queries).
 */
const VALIDATED_QUERIES = 20_000;
const LONGEST_REMEMBERED_QUERY = 512;

/**
 * The global pipe, which also remembers the query objects it has validated: a query DTO is made from
 * the query string alone, and the viewing paths see the same few (a group's week, asked by all its
 * students) thousands of times. A remembered one is frozen, shared by the requests that sent the same
 * query, and forgotten oldest first; bodies and refused queries are validated every time.
 */
class RememberingValidationPipe extends ValidationPipe {
  private readonly validatedQueries = new BoundedMap<string, unknown>(VALIDATED_QUERIES);
  /** A number per query class for the cache keys (two classes may share a name). */
  private readonly classKeys = new WeakMap<object, number>();
  private nextClassKey = 1;

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const dtoClass = metadata.metatype;
    if (metadata.type !== 'query' || !dtoClass || !this.toValidate(metadata) || value === null || typeof value !== 'object') {
      return super.transform(value, metadata);
    }
    let classKey = this.classKeys.get(dtoClass);
    if (classKey === undefined) this.classKeys.set(dtoClass, (classKey = this.nextClassKey++));
    const key = `${classKey}\u001f${JSON.stringify(value)}`;
    const known = this.validatedQueries.get(key);
    if (known !== undefined) return known;
    const validated: unknown = freezeQuery(await super.transform(value, metadata));
    if (key.length <= LONGEST_REMEMBERED_QUERY) this.validatedQueries.set(key, validated);
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
  requireNestedObjects();
  return new RememberingValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: false,
    validationError: { target: false, value: false },
    exceptionFactory: validationError,
  });
}
