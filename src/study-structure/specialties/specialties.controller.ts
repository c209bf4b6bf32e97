import { Body, Controller, Delete, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../platform/auth/decorators';
import { Role } from '../../platform/auth/roles';
import { PostOk } from '../../platform/http/decorators';
import { IdParam } from '../../platform/http/id-param';
import { ProfileRequest, ProfileResponse, SpecialtyRequest, SpecialtyResponse } from './dto/specialty.dto';
import { SpecialtiesService } from './specialties.service';

const READERS: readonly Role[] = ['ADMIN', 'EDUCATION_OFFICE'];

// Route order matters: `profiles` comes before `:id`.
@ApiTags('Специальности и профили')
@ApiBearerAuth()
@Controller('api/specialties')
export class SpecialtiesController {
  constructor(private readonly specialties: SpecialtiesService) {}

  @Get()
  @Roles(...READERS)
  @ApiOperation({ summary: 'Специальности (по коду)' })
  @ApiOkResponse({ type: [SpecialtyResponse] })
  list(): Promise<SpecialtyResponse[]> {
    return this.specialties.list();
  }

  @PostOk()
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Создать специальность вместе с профилем «Без профиля»' })
  @ApiOkResponse({ type: SpecialtyResponse })
  create(@Body() body: SpecialtyRequest): Promise<SpecialtyResponse> {
    return this.specialties.create(body);
  }

  @Get('profiles')
  @Roles(...READERS)
  @ApiOperation({ summary: 'Все профили всех специальностей' })
  @ApiOkResponse({ type: [ProfileResponse] })
  allProfiles(): Promise<ProfileResponse[]> {
    return this.specialties.listProfiles();
  }

  @Put(':id')
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Изменить название и код специальности' })
  @ApiOkResponse({ type: SpecialtyResponse })
  update(@IdParam('id') id: number, @Body() body: SpecialtyRequest): Promise<SpecialtyResponse> {
    return this.specialties.update(id, body);
  }

  @Delete(':id')
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Удалить специальность, которую не используют группы, вместе с её профилями; возвращает удалённую' })
  @ApiOkResponse({ type: SpecialtyResponse })
  remove(@IdParam('id') id: number): Promise<SpecialtyResponse> {
    return this.specialties.remove(id);
  }

  @Get(':id/profiles')
  @Roles(...READERS)
  @ApiOperation({ summary: 'Профили специальности (по названию)' })
  @ApiOkResponse({ type: [ProfileResponse] })
  profiles(@IdParam('id') id: number): Promise<ProfileResponse[]> {
    return this.specialties.profilesOf(id);
  }

  @PostOk(':id/profiles')
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Добавить профиль специальности' })
  @ApiOkResponse({ type: ProfileResponse })
  createProfile(@IdParam('id') id: number, @Body() body: ProfileRequest): Promise<ProfileResponse> {
    return this.specialties.createProfile(id, body);
  }

  @Put(':id/profiles/:profileId')
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Изменить профиль специальности' })
  @ApiOkResponse({ type: ProfileResponse })
  updateProfile(@IdParam('id') id: number, @IdParam('profileId') profileId: number, @Body() body: ProfileRequest): Promise<ProfileResponse> {
    return this.specialties.updateProfile(id, profileId, body);
  }

  @Delete(':id/profiles/:profileId')
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Удалить профиль, который не используют группы; возвращает удалённый' })
  @ApiOkResponse({ type: ProfileResponse })
  removeProfile(@IdParam('id') id: number, @IdParam('profileId') profileId: number): Promise<ProfileResponse> {
    return this.specialties.removeProfile(id, profileId);
  }
}
