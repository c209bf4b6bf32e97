import { Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '../platform/auth/auth-user';
import { BadRequestError } from '../platform/http/app-error';
import { canonicalTimeZone, nearestTimeZones } from '../platform/http/time-zones';
import { UniversityZone } from '../platform/tenancy/university-zone';
import { UniversityResponse, UniversityTimeZoneRequest } from './dto/tenant.dto';

/**
 * The university's own facts as its ADMIN keeps them (issue 55): its time zone, stored in its own
 * database. The operator's tenant entry only gives the zone of a university that chose none.
 */
@Injectable()
export class UniversityService {
  private readonly logger = new Logger('University');

  constructor(private readonly zone: UniversityZone) {}

  view(): UniversityResponse {
    return { timeZone: this.zone.current().timeZone };
  }

  async changeTimeZone(caller: AuthUser, body: UniversityTimeZoneRequest): Promise<UniversityResponse> {
    const timeZone = canonicalTimeZone(body.timeZone);
    if (!timeZone) {
      const nearest = nearestTimeZones(body.timeZone).map((name) => `«${name}»`).join(', ');
      throw new BadRequestError(
        `Неизвестный часовой пояс «${body.timeZone.slice(0, 64)}». Похожие названия: ${nearest}. Укажите название из базы IANA, например Europe/Moscow`,
      ).at('timeZone');
    }
    await this.zone.store(timeZone);
    this.logger.log(`Time zone set to ${timeZone} by ${caller.username}`);
    return { timeZone };
  }
}
