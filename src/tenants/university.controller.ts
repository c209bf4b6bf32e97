import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser, Public, Roles } from '../platform/auth/decorators';
import { UniversityResponse, UniversityTimeZoneRequest } from './dto/tenant.dto';
import { UniversityService } from './university.service';

/**
 * What any page of a university may know before anyone signs in: the time zone its "today" and its
 * weeks are counted in (the student page, a calendar widget). Nothing about the database or its address.
 * Its own ADMIN changes the zone; the choice is kept in the university's own database.
 */
@ApiTags('Университеты (арендаторы)')
@Controller('api/university')
export class UniversityController {
  constructor(private readonly university: UniversityService) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'Часовой пояс университета, выбранного доменом запроса (без входа)' })
  @ApiOkResponse({ type: UniversityResponse })
  view(): UniversityResponse {
    return this.university.view();
  }

  @Put()
  @ApiBearerAuth()
  @Roles('ADMIN')
  @ApiOperation({
    summary: 'Сменить часовой пояс своего университета',
    description:
      'Хранится в базе данных университета и действует сразу (на других экземплярах сервиса — после их ближайшей проверки базы). ' +
      'Неизвестное название — 400 с field=timeZone и похожими названиями в сообщении.',
  })
  @ApiOkResponse({ type: UniversityResponse })
  changeTimeZone(@CurrentUser() caller: AuthUser, @Body() body: UniversityTimeZoneRequest): Promise<UniversityResponse> {
    return this.university.changeTimeZone(caller, body);
  }
}
