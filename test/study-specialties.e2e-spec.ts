import { Role } from '../src/platform/auth/roles';
import { createDepartment, expectErrorBody, signedInAs } from './support/factories';
import { createGroup, createProfile, createSpecialty, createStudySetup, profilesOf } from './support/study-builders';
import { ADMIN, startTestApp, TenantClient, TestApp } from './support/test-app';

describe('specialties and profiles (4.18)', () => {
  let t: TestApp;
  let admin: TenantClient;
  const clients = new Map<Role, TenantClient>();
  const OTHER_ROLES: Role[] = ['DEPARTMENT', 'SCHEDULE_VIEWER', 'TEACHER', 'STUDENT'];

  const specialtyRows = () => t.sql('alpha', `SELECT id, name, code FROM specialties ORDER BY id`);
  const profileRows = () => t.sql('alpha', `SELECT id, specialty_id, name, description FROM specialty_profiles ORDER BY id`);
  const snapshot = async () => ({ specialties: await specialtyRows(), profiles: await profileRows() });

  beforeAll(async () => {
    t = await startTestApp({ tenants: ['alpha'] });
    admin = await t.as('alpha').login(ADMIN.username, ADMIN.password);
    const home = await createDepartment(admin);
    for (const role of ['EDUCATION_OFFICE', ...OTHER_ROLES] as Role[]) {
      clients.set(role, (await signedInAs(t, admin, { role, departmentId: home.id })).client);
    }
  });
  afterAll(() => t.close());

  describe('specialties', () => {
    it('creates a specialty together with its profile «Без профиля»', async () => {
      const response = await admin.post('/api/specialties', { specialityName: '  Прикладная информатика ', specialityCode: ' 09.03.03 ' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ id: expect.any(Number), specialityName: 'Прикладная информатика', specialityCode: '09.03.03' });
      const id = response.body.id as number;
      expect(await t.sql('alpha', `SELECT name, code FROM specialties WHERE id = $1`, [id])).toEqual([
        { name: 'Прикладная информатика', code: '09.03.03' },
      ]);
      expect(await t.sql('alpha', `SELECT name, description FROM specialty_profiles WHERE specialty_id = $1`, [id])).toEqual([
        { name: 'Без профиля', description: null },
      ]);
      expect((await admin.get(`/api/specialties/${id}/profiles`)).body).toEqual([
        { id: expect.any(Number), specialtyId: id, name: 'Без профиля', description: null },
      ]);
    });

    it('lists specialties by code to ADMIN and EDUCATION_OFFICE', async () => {
      await createSpecialty(admin, { specialityCode: '01.01.01', specialityName: 'Математика' });
      await createSpecialty(admin, { specialityCode: '99.99.99', specialityName: 'Астрономия' });
      const response = await admin.get('/api/specialties');
      expect(response.status).toBe(200);
      const codes = (response.body as { specialityCode: string }[]).map((s) => s.specialityCode);
      expect(codes).toEqual([...codes].sort());
      expect(response.body[0]).toEqual({ id: expect.any(Number), specialityName: 'Математика', specialityCode: '01.01.01' });
      const office = await clients.get('EDUCATION_OFFICE')!.get('/api/specialties');
      expect(office.status).toBe(200);
      expect(office.body).toEqual(response.body);
    });

    it('rejects a duplicate code (case-insensitive) with 409 and creates nothing, but allows a repeated name', async () => {
      await createSpecialty(admin, { specialityCode: 'ABC-1', specialityName: 'Уникальная' });
      const before = await snapshot();
      const response = await admin.post('/api/specialties', { specialityName: 'Другая', specialityCode: 'abc-1' });
      expect(response.status).toBe(409);
      expectErrorBody(response.body, 409, '/api/specialties', 'Специальность с таким кодом уже существует');
      expect(await snapshot()).toEqual(before);

      const sameName = await admin.post('/api/specialties', { specialityName: 'Уникальная', specialityCode: 'ABC-2' });
      expect(sameName.status).toBe(200);
    });

    it.each([
      ['no name', { specialityCode: '1' }, /«specialityName» обязательно/],
      ['a blank name', { specialityName: '  ', specialityCode: '1' }, /«specialityName» не может быть пустым/],
      ['no code', { specialityName: 'Имя' }, /«specialityCode» обязательно/],
      ['a numeric code', { specialityName: 'Имя', specialityCode: 5 }, /«specialityCode» должно быть строкой/],
      ['a too long code', { specialityName: 'Имя', specialityCode: 'x'.repeat(65) }, /«specialityCode» должно содержать не более 64 символов/],
      ['a too long name', { specialityName: 'x'.repeat(256), specialityCode: '1' }, /«specialityName» должно содержать не более 255 символов/],
    ])('rejects a body with %s with 400', async (_case, body, message) => {
      const before = await snapshot();
      const response = await admin.post('/api/specialties', body);
      expect(response.status).toBe(400);
      expectErrorBody(response.body, 400, '/api/specialties', message);
      expect(await snapshot()).toEqual(before);
    });

    it('updates a specialty, keeping its own code in another case', async () => {
      const specialty = await createSpecialty(admin, { specialityCode: 'UPD-1' });
      const response = await admin.put(`/api/specialties/${specialty.id}`, { specialityName: 'Новое название', specialityCode: 'upd-1' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ id: specialty.id, specialityName: 'Новое название', specialityCode: 'upd-1' });
      expect(await t.sql('alpha', `SELECT name, code FROM specialties WHERE id = $1`, [specialty.id])).toEqual([
        { name: 'Новое название', code: 'upd-1' },
      ]);
    });

    it('rejects an update to another specialty’s code (409), an unknown id (404) and a bad id (400)', async () => {
      const first = await createSpecialty(admin);
      const second = await createSpecialty(admin);
      const before = await snapshot();
      const clash = await admin.put(`/api/specialties/${second.id}`, { specialityName: 'X', specialityCode: first.specialityCode.toUpperCase() });
      expect(clash.status).toBe(409);
      expectErrorBody(clash.body, 409, `/api/specialties/${second.id}`, 'Специальность с таким кодом уже существует');
      const missing = await admin.put('/api/specialties/999999', { specialityName: 'X', specialityCode: 'NEW' });
      expect(missing.status).toBe(404);
      expectErrorBody(missing.body, 404, '/api/specialties/999999', 'Специальность не найдена');
      const bad = await admin.put('/api/specialties/abc', { specialityName: 'X', specialityCode: 'NEW' });
      expect(bad.status).toBe(400);
      expectErrorBody(bad.body, 400, '/api/specialties/abc', 'Параметр «id» должен быть положительным целым числом');
      expect(await snapshot()).toEqual(before);
    });

    it('deletes an unused specialty with all its profiles and returns it', async () => {
      const specialty = await createSpecialty(admin);
      await createProfile(admin, specialty.id, { name: 'Второй' });
      const response = await admin.delete(`/api/specialties/${specialty.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(specialty);
      expect(await t.sql('alpha', `SELECT id FROM specialties WHERE id = $1`, [specialty.id])).toEqual([]);
      expect(await t.sql('alpha', `SELECT id FROM specialty_profiles WHERE specialty_id = $1`, [specialty.id])).toEqual([]);
      const again = await admin.delete(`/api/specialties/${specialty.id}`);
      expect(again.status).toBe(404);
      expectErrorBody(again.body, 404, `/api/specialties/${specialty.id}`, 'Специальность не найдена');
    });

    it('refuses to delete a specialty used by a group, even an archived one (409), and changes nothing', async () => {
      const setup = await createStudySetup(admin);
      const group = await createGroup(admin, setup);
      await createGroup(admin, setup);
      expect((await admin.delete(`/api/groups/${group.id}`)).status).toBe(200);
      const before = await snapshot();
      const response = await admin.delete(`/api/specialties/${setup.specialty.id}`);
      expect(response.status).toBe(409);
      expectErrorBody(
        response.body,
        409,
        `/api/specialties/${setup.specialty.id}`,
        `Специальность «${setup.specialty.specialityCode}» нельзя удалить: её используют 2 группы`,
      );
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('profiles', () => {
    it('creates profiles with and without a description', async () => {
      const specialty = await createSpecialty(admin);
      const response = await admin.post(`/api/specialties/${specialty.id}/profiles`, { name: ' Анализ данных ', description: 'Подробности' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ id: expect.any(Number), specialtyId: specialty.id, name: 'Анализ данных', description: 'Подробности' });
      const bare = await admin.post(`/api/specialties/${specialty.id}/profiles`, { name: 'Веб', description: '  ' });
      expect(bare.status).toBe(200);
      expect(bare.body.description).toBeNull();
      expect(await t.sql('alpha', `SELECT name, description FROM specialty_profiles WHERE specialty_id = $1 ORDER BY id`, [specialty.id])).toEqual([
        { name: 'Без профиля', description: null },
        { name: 'Анализ данных', description: 'Подробности' },
        { name: 'Веб', description: null },
      ]);
      expect((await profilesOf(admin, specialty.id)).map((p) => p.name)).toEqual(['Анализ данных', 'Без профиля', 'Веб']);
    });

    it('keeps profile names unique within a specialty only (case-insensitive)', async () => {
      const first = await createSpecialty(admin);
      const second = await createSpecialty(admin);
      await createProfile(admin, first.id, { name: 'Системы' });
      const before = await snapshot();
      const clash = await admin.post(`/api/specialties/${first.id}/profiles`, { name: 'СИСТЕМЫ' });
      expect(clash.status).toBe(409);
      expectErrorBody(clash.body, 409, `/api/specialties/${first.id}/profiles`, 'У специальности уже есть профиль с таким названием');
      const defaultClash = await admin.post(`/api/specialties/${first.id}/profiles`, { name: 'без профиля' });
      expect(defaultClash.status).toBe(409);
      expect(await snapshot()).toEqual(before);
      expect((await admin.post(`/api/specialties/${second.id}/profiles`, { name: 'Системы' })).status).toBe(200);
    });

    it('lists all profiles with their specialty ids', async () => {
      const specialty = await createSpecialty(admin);
      const profile = await createProfile(admin, specialty.id, { name: 'Общий список' });
      const response = await admin.get('/api/specialties/profiles');
      expect(response.status).toBe(200);
      expect(response.body).toContainEqual(profile);
      expect(response.body).toContainEqual({ id: expect.any(Number), specialtyId: specialty.id, name: 'Без профиля', description: null });
      expect(response.body).toHaveLength((await t.sql('alpha', `SELECT id FROM specialty_profiles`)).length);
      const office = await clients.get('EDUCATION_OFFICE')!.get('/api/specialties/profiles');
      expect(office.status).toBe(200);
      expect(office.body).toEqual(response.body);
      expect((await clients.get('EDUCATION_OFFICE')!.get(`/api/specialties/${specialty.id}/profiles`)).status).toBe(200);
    });

    it('answers 404 for profiles of an unknown specialty', async () => {
      const before = await snapshot();
      for (const response of [
        await admin.get('/api/specialties/999999/profiles'),
        await admin.post('/api/specialties/999999/profiles', { name: 'X' }),
      ]) {
        expect(response.status).toBe(404);
        expectErrorBody(response.body, 404, '/api/specialties/999999/profiles', 'Специальность не найдена');
      }
      expect(await snapshot()).toEqual(before);
    });

    it('updates a profile and refuses a clash, a foreign profile id or an unknown one', async () => {
      const specialty = await createSpecialty(admin);
      const other = await createSpecialty(admin);
      const profile = await createProfile(admin, specialty.id, { name: 'Старый' });
      const sibling = await createProfile(admin, specialty.id, { name: 'Сосед' });
      const foreign = await createProfile(admin, other.id);

      const path = `/api/specialties/${specialty.id}/profiles/${profile.id}`;
      const response = await admin.put(path, { name: 'Новый', description: 'Описание' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ id: profile.id, specialtyId: specialty.id, name: 'Новый', description: 'Описание' });
      expect((await admin.put(path, { name: 'НОВЫЙ' })).body).toEqual({ id: profile.id, specialtyId: specialty.id, name: 'НОВЫЙ', description: null });

      const before = await snapshot();
      const clash = await admin.put(path, { name: sibling.name.toLowerCase() });
      expect(clash.status).toBe(409);
      expectErrorBody(clash.body, 409, path, 'У специальности уже есть профиль с таким названием');
      const wrongSpecialty = await admin.put(`/api/specialties/${specialty.id}/profiles/${foreign.id}`, { name: 'Чужой' });
      expect(wrongSpecialty.status).toBe(404);
      expectErrorBody(wrongSpecialty.body, 404, `/api/specialties/${specialty.id}/profiles/${foreign.id}`, 'Профиль специальности не найден');
      const unknown = await admin.put(`/api/specialties/${specialty.id}/profiles/999999`, { name: 'Нет' });
      expect(unknown.status).toBe(404);
      const blank = await admin.put(path, { name: '' });
      expect(blank.status).toBe(400);
      expectErrorBody(blank.body, 400, path, /«name» не может быть пустым/);
      const badId = await admin.put(`/api/specialties/${specialty.id}/profiles/x`, { name: 'Нет' });
      expect(badId.status).toBe(400);
      expectErrorBody(badId.body, 400, `/api/specialties/${specialty.id}/profiles/x`, 'Параметр «profileId» должен быть положительным целым числом');
      expect(await snapshot()).toEqual(before);
    });

    it('deletes an unused profile and refuses one used by a group', async () => {
      const setup = await createStudySetup(admin);
      const unused = await createProfile(admin, setup.specialty.id);
      const response = await admin.delete(`/api/specialties/${setup.specialty.id}/profiles/${unused.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(unused);
      expect(await t.sql('alpha', `SELECT id FROM specialty_profiles WHERE id = $1`, [unused.id])).toEqual([]);

      await createGroup(admin, setup);
      const other = await createSpecialty(admin);
      const before = await snapshot();
      const path = `/api/specialties/${setup.specialty.id}/profiles/${setup.profile.id}`;
      const used = await admin.delete(path);
      expect(used.status).toBe(409);
      expectErrorBody(used.body, 409, path, `Профиль «${setup.profile.name}» нельзя удалить: его использует 1 группа`);
      // The profile exists, but not under this specialty.
      const foreign = await admin.delete(`/api/specialties/${other.id}/profiles/${setup.profile.id}`);
      expect(foreign.status).toBe(404);
      expectErrorBody(foreign.body, 404, `/api/specialties/${other.id}/profiles/${setup.profile.id}`, 'Профиль специальности не найден');
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('roles', () => {
    it('refuses every read to roles other than ADMIN and EDUCATION_OFFICE', async () => {
      const specialty = await createSpecialty(admin);
      for (const role of OTHER_ROLES) {
        const client = clients.get(role)!;
        for (const path of ['/api/specialties', '/api/specialties/profiles', `/api/specialties/${specialty.id}/profiles`]) {
          const response = await client.get(path);
          expect({ role, path, status: response.status }).toEqual({ role, path, status: 403 });
          expectErrorBody(response.body, 403, path, 'Недостаточно прав для этой операции');
        }
      }
    });

    it('allows changes to ADMIN only (EDUCATION_OFFICE reads only)', async () => {
      const specialty = await createSpecialty(admin);
      const profile = await createProfile(admin, specialty.id);
      const before = await snapshot();
      for (const role of ['EDUCATION_OFFICE', ...OTHER_ROLES] as Role[]) {
        const client = clients.get(role)!;
        const attempts = [
          await client.post('/api/specialties', { specialityName: 'Взлом', specialityCode: `H-${role}` }),
          await client.put(`/api/specialties/${specialty.id}`, { specialityName: 'Взлом', specialityCode: 'H' }),
          await client.delete(`/api/specialties/${specialty.id}`),
          await client.post(`/api/specialties/${specialty.id}/profiles`, { name: 'Взлом' }),
          await client.put(`/api/specialties/${specialty.id}/profiles/${profile.id}`, { name: 'Взлом' }),
          await client.delete(`/api/specialties/${specialty.id}/profiles/${profile.id}`),
        ];
        for (const attempt of attempts) {
          expect({ role, status: attempt.status }).toEqual({ role, status: 403 });
          expect(attempt.body.message).toBe('Недостаточно прав для этой операции');
        }
      }
      expect(await snapshot()).toEqual(before);
    });

    it('requires a token', async () => {
      expect((await t.as('alpha').get('/api/specialties')).status).toBe(401);
    });
  });
});
