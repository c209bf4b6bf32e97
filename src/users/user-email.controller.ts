import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../platform/auth/auth-user';
import { ALL_ROLES } from '../platform/auth/roles';
import { CurrentUser, Roles } from '../platform/auth/decorators';
import { IdParam } from '../platform/http/id-param';
import { EmailRequest, OwnEmailResponse, UserResponse } from './dto/user.dto';
import { UsersService } from './users.service';

/** The optional e-mail address notifications go to: one's own, or any user's for the administrator. */
@ApiTags('Пользователи')
@ApiBearerAuth()
@Controller('api')
export class UserEmailController {
  constructor(private readonly users: UsersService) {}

  @Get('auth/me/email')
  @Roles(...ALL_ROLES)
  @ApiOperation({ summary: 'Свой адрес электронной почты для уведомлений (null, если не задан)' })
  @ApiOkResponse({ type: OwnEmailResponse })
  async own(@CurrentUser() caller: AuthUser): Promise<OwnEmailResponse> {
    return { email: (await this.users.get(caller.userId)).email ?? null };
  }

  @Put('auth/me/email')
  @Roles(...ALL_ROLES)
  @ApiOperation({ summary: 'Задать или удалить (null) свой адрес электронной почты для уведомлений' })
  @ApiOkResponse({ type: UserResponse })
  setOwn(@CurrentUser() caller: AuthUser, @Body() body: EmailRequest): Promise<UserResponse> {
    return this.users.setEmail(caller.userId, body.email ?? null);
  }

  @Put('users/:id/email')
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Задать или удалить (null) адрес электронной почты пользователя' })
  @ApiOkResponse({ type: UserResponse })
  set(@IdParam('id') id: number, @Body() body: EmailRequest): Promise<UserResponse> {
    return this.users.setEmail(id, body.email ?? null);
  }
}
