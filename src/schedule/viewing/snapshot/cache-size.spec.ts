import { AnswerCache, BYTES_PER_ANSWER } from './cache-size';

describe('AnswerCache', () => {
  it('answers the bytes kept for a key and counts them with their key and entry', () => {
    const answers = new AnswerCache(10);
    const week = Buffer.from('[{"date":"2026-09-07"}]');
    answers.set('group:1@1|2026-09-07|2026-09-13', week);
    expect(answers.get('group:1@1|2026-09-07|2026-09-13')).toBe(week);
    expect(answers.get('group:1@1|2026-09-14|2026-09-20')).toBeUndefined();
    expect(answers.bytes).toBe(week.length + 'group:1@1|2026-09-07|2026-09-13'.length + BYTES_PER_ANSWER);
  });

  it('starts afresh at its limit, so its count never grows past it', () => {
    const answers = new AnswerCache(2);
    answers.set('a', Buffer.from('1'));
    answers.set('b', Buffer.from('2'));
    answers.set('c', Buffer.from('3'));
    expect(answers.get('a')).toBeUndefined();
    expect(answers.get('c')?.toString()).toBe('3');
    expect(answers.bytes).toBe(1 + 1 + BYTES_PER_ANSWER);
  });
});
