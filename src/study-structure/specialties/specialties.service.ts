import { Injectable } from '@nestjs/common';
import { TenantDb } from '../../platform/database/tenant-db';
import { ConflictError, NotFoundError } from '../../platform/http/app-error';
import { countUsages, describeUsages } from '../../platform/database/usages';
import { profileUsages, specialtyUsages } from '../shared/usages';
import { ProfileRequest, ProfileResponse, SpecialtyRequest, SpecialtyResponse } from './dto/specialty.dto';
import { DEFAULT_PROFILE_NAME, ProfileRow, SpecialtiesRepository, SpecialtyRow } from './specialties.repository';

export const SPECIALTY_NOT_FOUND = 'Специальность не найдена';
export const PROFILE_NOT_FOUND = 'Профиль специальности не найден';
const CODE_TAKEN = 'Специальность с таким кодом уже существует';
const PROFILE_NAME_TAKEN = 'У специальности уже есть профиль с таким названием';

function toSpecialty(row: SpecialtyRow): SpecialtyResponse {
  return { id: row.id, specialityName: row.name, specialityCode: row.code };
}

function toProfile(row: ProfileRow): ProfileResponse {
  return { id: row.id, specialtyId: row.specialtyId, name: row.name, description: row.description };
}

/** A blank description is no description. */
function descriptionOf(request: ProfileRequest): string | null {
  return request.description ? request.description : null;
}

/** Specialties and their profiles (ADMIN changes them; EDUCATION_OFFICE reads). */
@Injectable()
export class SpecialtiesService {
  constructor(
    private readonly db: TenantDb,
    private readonly specialties: SpecialtiesRepository,
  ) {}

  async list(): Promise<SpecialtyResponse[]> {
    return (await this.specialties.list()).map(toSpecialty);
  }

  /** Creates the specialty and its profile «Без профиля» together. */
  async create(request: SpecialtyRequest): Promise<SpecialtyResponse> {
    if (await this.specialties.codeTaken(request.specialityCode)) throw new ConflictError(CODE_TAKEN).at('specialityCode');
    return this.db.transaction(async () => {
      const specialty = await this.specialties.insert(request.specialityName, request.specialityCode);
      await this.specialties.insertProfile(specialty.id, DEFAULT_PROFILE_NAME, null);
      return toSpecialty(specialty);
    });
  }

  async update(id: number, request: SpecialtyRequest): Promise<SpecialtyResponse> {
    if (!(await this.specialties.findById(id))) throw new NotFoundError(SPECIALTY_NOT_FOUND);
    if (await this.specialties.codeTaken(request.specialityCode, id)) throw new ConflictError(CODE_TAKEN).at('specialityCode');
    const updated = await this.specialties.update(id, request.specialityName, request.specialityCode);
    if (!updated) throw new NotFoundError(SPECIALTY_NOT_FOUND);
    return toSpecialty(updated);
  }

  /**
   * Deletes a specialty no group uses, with all its profiles. The row lock makes a concurrent group
   * creation (its foreign key takes a share lock) either finish first and be counted, or fail.
   */
  async remove(id: number): Promise<SpecialtyResponse> {
    return this.db.transaction(async () => {
      const specialty = await this.specialties.lockForChange(id);
      if (!specialty) throw new NotFoundError(SPECIALTY_NOT_FOUND);
      const usages = describeUsages(await countUsages(this.db, specialtyUsages(), id));
      if (usages) throw new ConflictError(`Специальность «${specialty.code}» нельзя удалить: её ${usages}`);
      await this.specialties.deleteWithProfiles(id);
      return toSpecialty(specialty);
    });
  }

  // ---- profiles ----

  async listProfiles(): Promise<ProfileResponse[]> {
    return (await this.specialties.listProfiles()).map(toProfile);
  }

  async profilesOf(specialtyId: number): Promise<ProfileResponse[]> {
    await this.ensureSpecialty(specialtyId);
    return (await this.specialties.profilesOf(specialtyId)).map(toProfile);
  }

  async createProfile(specialtyId: number, request: ProfileRequest): Promise<ProfileResponse> {
    await this.ensureSpecialty(specialtyId);
    if (await this.specialties.profileNameTaken(specialtyId, request.name)) throw new ConflictError(PROFILE_NAME_TAKEN).at('name');
    const profile = await this.db.transaction(() =>
      this.specialties.insertProfile(specialtyId, request.name, descriptionOf(request)),
    );
    return toProfile(profile);
  }

  async updateProfile(specialtyId: number, profileId: number, request: ProfileRequest): Promise<ProfileResponse> {
    await this.ensureSpecialty(specialtyId);
    if (!(await this.specialties.findProfile(specialtyId, profileId))) throw new NotFoundError(PROFILE_NOT_FOUND);
    if (await this.specialties.profileNameTaken(specialtyId, request.name, profileId)) throw new ConflictError(PROFILE_NAME_TAKEN).at('name');
    const updated = await this.specialties.updateProfile(profileId, request.name, descriptionOf(request));
    if (!updated) throw new NotFoundError(PROFILE_NOT_FOUND);
    return toProfile(updated);
  }

  async removeProfile(specialtyId: number, profileId: number): Promise<ProfileResponse> {
    await this.ensureSpecialty(specialtyId);
    return this.db.transaction(async () => {
      const profile = await this.specialties.lockProfile(specialtyId, profileId);
      if (!profile) throw new NotFoundError(PROFILE_NOT_FOUND);
      const usages = describeUsages(await countUsages(this.db, profileUsages(), profileId));
      if (usages) throw new ConflictError(`Профиль «${profile.name}» нельзя удалить: его ${usages}`);
      await this.specialties.deleteProfile(profileId);
      return toProfile(profile);
    });
  }

  private async ensureSpecialty(id: number): Promise<void> {
    if (!(await this.specialties.findById(id))) throw new NotFoundError(SPECIALTY_NOT_FOUND);
  }
}
