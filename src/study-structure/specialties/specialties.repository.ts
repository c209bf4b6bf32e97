import { Injectable } from '@nestjs/common';
import { defineConstraintMessages } from '../../platform/database/constraint-messages';
import { int, nullable, rowShape, RowType, text } from '../../platform/database/row-shape';
import { TenantDb } from '../../platform/database/tenant-db';

defineConstraintMessages({
  uq_specialties_code: 'Специальность с таким кодом уже существует',
  uq_specialty_profiles_name: 'У специальности уже есть профиль с таким названием',
  fk_specialty_profiles_specialty: 'Специальность не найдена',
});

const SPECIALTY_COLUMNS = `id, name, code`;
const SPECIALTY_ROW = rowShape({ id: int, name: text, code: text });
const PROFILE_COLUMNS = `p.id, p.specialty_id AS "specialtyId", p.name, p.description`;
const PROFILE_ROW = rowShape({ id: int, specialtyId: int, name: text, description: nullable(text) });

export type SpecialtyRow = RowType<typeof SPECIALTY_ROW>;
export type ProfileRow = RowType<typeof PROFILE_ROW>;

/** The profile every new specialty starts with. */
export const DEFAULT_PROFILE_NAME = 'Без профиля';

/** SQL over `specialties` and `specialty_profiles`. */
@Injectable()
export class SpecialtiesRepository {
  constructor(private readonly db: TenantDb) {}

  list(): Promise<SpecialtyRow[]> {
    return this.db.rows(SPECIALTY_ROW, `SELECT ${SPECIALTY_COLUMNS} FROM specialties ORDER BY lower(code), id`);
  }

  async findById(id: number): Promise<SpecialtyRow | undefined> {
    return (await this.db.rows(SPECIALTY_ROW, `SELECT ${SPECIALTY_COLUMNS} FROM specialties WHERE id = $1`, [id]))[0];
  }

  /** Locks the specialty until commit, so that no group or profile starts referring to it meanwhile. */
  async lockForChange(id: number): Promise<SpecialtyRow | undefined> {
    return (await this.db.rows(SPECIALTY_ROW, `SELECT ${SPECIALTY_COLUMNS} FROM specialties WHERE id = $1 FOR UPDATE`, [id]))[0];
  }

  async codeTaken(code: string, exceptId = 0): Promise<boolean> {
    return (await this.db.execute(`SELECT 1 FROM specialties WHERE lower(code) = lower($1) AND id <> $2`, [code, exceptId])) > 0;
  }

  async insert(name: string, code: string): Promise<SpecialtyRow> {
    const rows = await this.db.rows(SPECIALTY_ROW, `INSERT INTO specialties (name, code) VALUES ($1, $2) RETURNING ${SPECIALTY_COLUMNS}`,
      [name, code],
    );
    return rows[0];
  }

  async update(id: number, name: string, code: string): Promise<SpecialtyRow | undefined> {
    const rows = await this.db.rows(SPECIALTY_ROW,
      `UPDATE specialties SET name = $2, code = $3, updated_at = now() WHERE id = $1 RETURNING ${SPECIALTY_COLUMNS}`,
      [id, name, code],
    );
    return rows[0];
  }

  /** Deletes the specialty together with its profiles (the caller has checked that no group uses them). */
  async deleteWithProfiles(id: number): Promise<void> {
    await this.db.execute(`DELETE FROM specialty_profiles WHERE specialty_id = $1`, [id]);
    await this.db.execute(`DELETE FROM specialties WHERE id = $1`, [id]);
  }

  // ---- profiles ----

  /** Every profile, grouped by specialty code. */
  listProfiles(): Promise<ProfileRow[]> {
    return this.db.rows(PROFILE_ROW,
      `SELECT ${PROFILE_COLUMNS} FROM specialty_profiles p JOIN specialties s ON s.id = p.specialty_id
        ORDER BY lower(s.code), s.id, lower(p.name), p.id`,
    );
  }

  profilesOf(specialtyId: number): Promise<ProfileRow[]> {
    return this.db.rows(PROFILE_ROW,
      `SELECT ${PROFILE_COLUMNS} FROM specialty_profiles p WHERE p.specialty_id = $1 ORDER BY lower(p.name), p.id`,
      [specialtyId],
    );
  }

  async findProfile(specialtyId: number, profileId: number): Promise<ProfileRow | undefined> {
    const rows = await this.db.rows(PROFILE_ROW,
      `SELECT ${PROFILE_COLUMNS} FROM specialty_profiles p WHERE p.id = $1 AND p.specialty_id = $2`,
      [profileId, specialtyId],
    );
    return rows[0];
  }

  async lockProfile(specialtyId: number, profileId: number): Promise<ProfileRow | undefined> {
    const rows = await this.db.rows(PROFILE_ROW, `SELECT ${PROFILE_COLUMNS} FROM specialty_profiles p WHERE p.id = $1 AND p.specialty_id = $2 FOR UPDATE`,
      [profileId, specialtyId],
    );
    return rows[0];
  }

  async profileNameTaken(specialtyId: number, name: string, exceptId = 0): Promise<boolean> {
    const found = await this.db.execute(
      `SELECT 1 FROM specialty_profiles WHERE specialty_id = $1 AND lower(name) = lower($2) AND id <> $3`,
      [specialtyId, name, exceptId],
    );
    return found > 0;
  }

  async insertProfile(specialtyId: number, name: string, description: string | null): Promise<ProfileRow> {
    const rows = await this.db.rows(PROFILE_ROW, `INSERT INTO specialty_profiles AS p (specialty_id, name, description) VALUES ($1, $2, $3) RETURNING ${PROFILE_COLUMNS}`,
      [specialtyId, name, description],
    );
    return rows[0];
  }

  async updateProfile(profileId: number, name: string, description: string | null): Promise<ProfileRow | undefined> {
    const rows = await this.db.rows(PROFILE_ROW,
      `UPDATE specialty_profiles AS p SET name = $2, description = $3, updated_at = now() WHERE p.id = $1 RETURNING ${PROFILE_COLUMNS}`,
      [profileId, name, description],
    );
    return rows[0];
  }

  async deleteProfile(profileId: number): Promise<void> {
    await this.db.execute(`DELETE FROM specialty_profiles WHERE id = $1`, [profileId]);
  }
}
