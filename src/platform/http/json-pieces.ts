const COMMA = Buffer.from(',');
const ARRAY_OPEN = Buffer.from('[');
const ARRAY_CLOSE = Buffer.from(']');

/**
 * JSON values serialised beforehand, put together as one answer: `open`, the pieces separated by
 * commas, then `close` (a JSON array by default). Answers made of cached pieces (a week's lessons, a
 * registry page) are copied together instead of being serialised again for every request.
 */
export function joinJsonPieces(pieces: Iterable<Buffer>, open: Buffer = ARRAY_OPEN, close: Buffer = ARRAY_CLOSE): Buffer {
  const parts: Buffer[] = [open];
  for (const piece of pieces) {
    if (parts.length > 1) parts.push(COMMA);
    parts.push(piece);
  }
  parts.push(close);
  return Buffer.concat(parts);
}
