import { jsonDepth, MAX_JSON_DEPTH, refuseDeepJson } from './json-depth';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('JSON depth', () => {
  it('counts nested objects and arrays, not brackets inside strings or escaped quotes', () => {
    expect(jsonDepth(bytes('{"a":1}'))).toBe(1);
    expect(jsonDepth(bytes('{"slots":[{"subgroupIds":[1,2]}]}'))).toBe(4);
    expect(jsonDepth(bytes('{"name":"[[[{{{"}'))).toBe(1);
    expect(jsonDepth(bytes('{"name":"\\"[[[","x":[]}'))).toBe(2);
    expect(jsonDepth(bytes('"plain"'))).toBe(0);
  });

  it('refuses a body deeper than the limit with a 400 error the filter recognises, and stops counting early', () => {
    const deep = bytes('['.repeat(5000) + ']'.repeat(5000));
    expect(jsonDepth(deep, MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH + 1);
    expect(() => refuseDeepJson(undefined, undefined, deep)).toThrow(expect.objectContaining({ status: 400, type: 'entity.too.deep' }));
    expect(() => refuseDeepJson(undefined, undefined, bytes('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH)))).not.toThrow();
  });
});
