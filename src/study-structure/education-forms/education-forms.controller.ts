import { Body, Controller, Delete, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../platform/auth/decorators';
import { PostOk } from '../../platform/http/decorators';
import { IdParam } from '../../platform/http/id-param';
import { EducationFormRequest, EducationFormResponse } from './dto/education-form.dto';
import { EducationFormsService } from './education-forms.service';

@ApiTags('Формы обучения')
@ApiBearerAuth()
@Controller('api/education-forms')
export class EducationFormsController {
  constructor(private readonly forms: EducationFormsService) {}

  @Get()
  @Roles('ADMIN', 'EDUCATION_OFFICE', 'DEPARTMENT', 'SCHEDULE_VIEWER')
  @ApiOperation({ summary: 'Формы обучения (по названию)' })
  @ApiOkResponse({ type: [EducationFormResponse] })
  list(): Promise<EducationFormResponse[]> {
    return this.forms.list();
  }

  @PostOk()
  @Roles('ADMIN', 'EDUCATION_OFFICE')
  @ApiOperation({ summary: 'Добавить форму обучения' })
  @ApiOkResponse({ type: EducationFormResponse })
  create(@Body() body: EducationFormRequest): Promise<EducationFormResponse> {
    return this.forms.create(body);
  }

  @Delete(':id')
  @Roles('ADMIN', 'EDUCATION_OFFICE')
  @ApiOperation({ summary: 'Удалить форму обучения, которую не используют группы; возвращает удалённую' })
  @ApiOkResponse({ type: EducationFormResponse })
  remove(@IdParam('id') id: number): Promise<EducationFormResponse> {
    return this.forms.remove(id);
  }
}
