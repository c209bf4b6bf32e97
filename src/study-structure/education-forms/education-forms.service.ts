import { Injectable } from '@nestjs/common';
import { TenantDb } from '../../platform/database/tenant-db';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/http/app-error';
import { countUsages, describeUsages } from '../../platform/database/usages';
import { educationFormUsages } from '../shared/usages';
import { EducationFormRequest, EducationFormResponse } from './dto/education-form.dto';
import { EducationFormsRepository } from './education-forms.repository';

export const EDUCATION_FORM_NOT_FOUND = 'Форма обучения не найдена';

@Injectable()
export class EducationFormsService {
  constructor(
    private readonly db: TenantDb,
    private readonly forms: EducationFormsRepository,
  ) {}

  list(): Promise<EducationFormResponse[]> {
    return this.forms.list();
  }

  async create(request: EducationFormRequest): Promise<EducationFormResponse> {
    if (await this.forms.nameTaken(request.name)) throw new ConflictError('Форма обучения с таким названием уже существует').at('name');
    return this.forms.insert(request.name);
  }

  /** Physical delete of an unused form; the answer to a used one is 400 with the count (earlier revision). */
  async remove(id: number): Promise<EducationFormResponse> {
    return this.db.transaction(async () => {
      const form = await this.forms.lockForChange(id);
      if (!form) throw new NotFoundError(EDUCATION_FORM_NOT_FOUND);
      const usages = describeUsages(await countUsages(this.db, educationFormUsages(), id));
      if (usages) throw new BadRequestError(`Форму обучения нельзя удалить: её ${usages}`);
      await this.forms.delete(id);
      return form;
    });
  }
}
