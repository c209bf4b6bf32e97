import { SqlParams } from '../platform/database/sql';
import { matchesText, toUserResponse, UserRow } from './user-rows';

const row: UserRow = {
  id: 7,
  username: 'ivanov',
  role: 'TEACHER',
  fullName: 'Иванов И. И.',
  jobTitle: '',
  status: 'ACTIVE',
  departmentId: null,
  departmentName: null,
  email: null,
};

describe('toUserResponse', () => {
  it('omits the department fields when the user has no primary department today', () => {
    const response = toUserResponse(row);
    expect(response).toEqual({ id: 7, username: 'ivanov', role: 'TEACHER', fullName: 'Иванов И. И.', jobTitle: '', status: 'ACTIVE' });
    expect(Object.keys(response)).not.toContain('departmentId');
  });

  it('includes both department fields when there is one', () => {
    expect(toUserResponse({ ...row, departmentId: 3, departmentName: 'Кафедра' })).toMatchObject({ departmentId: 3, departmentName: 'Кафедра' });
  });
});

describe('matchesText', () => {
  it('escapes LIKE wildcards so that they match literally', () => {
    const params = new SqlParams();
    params.add('2025-01-01');
    const sql = matchesText(params, '50%_a\\b');
    expect(sql).toContain('u.username ILIKE $2');
    expect(params.values[1]).toBe('%50\\%\\_a\\\\b%');
  });
});
