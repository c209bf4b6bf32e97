import { QueryFailedError } from 'typeorm';
import { classifyDatabaseError, describeDatabaseError } from './pg-errors';

function queryFailed(code: string, constraint?: string): QueryFailedError {
  const driverError = Object.assign(new Error('duplicate key value violates unique constraint "uq_users_username"'), {
    code,
    constraint,
  });
  return new QueryFailedError('INSERT INTO users ...', [], driverError);
}

describe('classifyDatabaseError', () => {
  it.each([
    ['23514', 'check'],
    ['22P02', 'check'],
    ['23505', 'unique'],
    ['23503', 'foreign-key'],
    ['23P01', 'exclusion'],
    ['40001', 'concurrent'],
    ['40P01', 'concurrent'],
    ['57014', 'unavailable'],
    ['57P01', 'unavailable'],
    ['08006', 'unavailable'],
    ['42P01', 'unknown'],
  ])('maps SQLSTATE %s to %s', (code, kind) => {
    expect(classifyDatabaseError(queryFailed(code, 'c_name'))?.kind).toBe(kind);
  });

  it('keeps the constraint name for the central message lookup', () => {
    expect(classifyDatabaseError(queryFailed('23505', 'uq_users_username'))?.constraint).toBe('uq_users_username');
  });

  it('treats lost or refused connections as unavailable', () => {
    expect(classifyDatabaseError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5'), { code: 'ECONNREFUSED' }))?.kind).toBe(
      'unavailable',
    );
    expect(classifyDatabaseError(new Error('Connection terminated unexpectedly'))?.kind).toBe('unavailable');
    expect(classifyDatabaseError(new Error('timeout exceeded when trying to connect'))?.kind).toBe('unavailable');
  });

  it('ignores errors that do not come from the database', () => {
    expect(classifyDatabaseError(new Error('boom'))).toBeUndefined();
    expect(classifyDatabaseError(undefined)).toBeUndefined();
  });

  it('describes errors without their text', () => {
    const description = describeDatabaseError(queryFailed('23505', 'uq_users_username'));
    expect(description).toBe('QueryFailedError unique 23505');
    expect(description).not.toContain('uq_users_username');
  });
});
