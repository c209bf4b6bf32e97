/**
 * Request bodies nest at most a few levels (a rule's slots and their subgroups); anything far deeper
 * is hostile or broken. Recursive code further on (validation, transformation) would overflow the
 * stack on thousands of levels, so the raw JSON is measured before it is parsed: one linear pass
 * over the bytes, brackets inside strings ignored.
 */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_TYPE = 'entity.too.deep';
export const TOO_DEEP_MESSAGE = `Тело запроса вложено слишком глубоко: допускается не более ${MAX_JSON_DEPTH} уровней объектов и массивов`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Set([0x5b, 0x7b]); // [ {
const CLOSE = new Set([0x5d, 0x7d]); // ] }

/** The deepest nesting of objects and arrays in `json` (not validated: malformed JSON is the parser's to refuse). */
export function jsonDepth(json: Uint8Array, limit = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const byte = json[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (OPEN.has(byte)) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (CLOSE.has(byte)) {
      depth--;
    }
  }
  return deepest;
}

/** A body-parser `verify` hook: refuses a body nested deeper than MAX_JSON_DEPTH with a 400. */
export function refuseDeepJson(_request: unknown, _response: unknown, body: Buffer): void {
  if (jsonDepth(body, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw Object.assign(new Error(TOO_DEEP_MESSAGE), { status: 400, type: TOO_DEEP_TYPE });
  }
}
