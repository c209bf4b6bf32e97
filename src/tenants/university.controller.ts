import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../platform/auth/decorators';
import { businessTimeZone } from '../platform/http/dates';
import { UniversityResponse } from './dto/tenant.dto';

/**
 * What any page of a university may know before anyone signs in: the time zone its "today" and its
 * weeks are counted in (the student page, a calendar widget). Nothing about the database or its address.
 */
@ApiTags('Университеты (арендаторы)')
@Controller('api/university')
export class UniversityController {
  @Get()
  @Public()
  @ApiOperation({ summary: 'Часовой пояс университета, выбранного доменом запроса (без входа)' })
  @ApiOkResponse({ type: UniversityResponse })
  view(): UniversityResponse {
    return { timeZone: businessTimeZone() };
  }
}
