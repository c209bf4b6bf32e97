import { Body, Controller, Get, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Request, Response } from 'express';
import { businessTimeZone } from '../http/dates';
import { DeploymentOperators } from '../tenancy/deployment-operators';
import { PostOk } from '../http/decorators';
import { AuthService } from './auth.service';
import { AuthUser } from './auth-user';
import { CurrentUser, Public, Roles } from './decorators';
import { ChangePasswordRequest, LoginRequest, LoginResponse, LogoutResponse, MeResponse } from './dto/auth.dto';
import { ALL_ROLES } from './roles';
import { REFRESH_COOKIE, RefreshCookie, SignedIn } from './sessions';

@ApiTags('Аутентификация')
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly cookie: RefreshCookie,
    private readonly operators: DeploymentOperators,
  ) {}

  @Public()
  @PostOk('login')
  @ApiOperation({ summary: 'Вход по логину и паролю; ставит cookie обновления' })
  @ApiOkResponse({ type: LoginResponse })
  @ApiResponse({ status: 401, type: LoginResponse, description: 'Неверное имя пользователя или пароль; поля, кроме success и message, — null' })
  @ApiResponse({ status: 429, type: LoginResponse, description: 'Вход временно заблокирован; заголовок Retry-After — секунды до конца блокировки' })
  async login(@Body() body: LoginRequest, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<LoginResponse> {
    const signedIn = await this.auth.login(body.username, body.password, req.ip ?? 'unknown');
    return this.respond(signedIn, req, res);
  }

  @Public()
  @PostOk('refresh')
  @ApiCookieAuth(REFRESH_COOKIE)
  @ApiOperation({ summary: 'Новый токен доступа по cookie обновления (cookie одноразовая и ротируется)' })
  @ApiOkResponse({ type: LoginResponse })
  @ApiResponse({ status: 401, type: LoginResponse, description: 'Сессия истекла или cookie отозвана; cookie очищается' })
  async refresh(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<LoginResponse> {
    try {
      return this.respond(await this.auth.refresh(this.cookie.read(req)), req, res);
    } catch (error) {
      this.cookie.clear(req, res);
      throw error;
    }
  }

  @Public()
  @PostOk('logout')
  @ApiOperation({ summary: 'Выход: отзывает cookie обновления' })
  @ApiOkResponse({ type: LogoutResponse })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<LogoutResponse> {
    await this.auth.logout(this.cookie.read(req));
    this.cookie.clear(req, res);
    return { success: true, message: 'Выход выполнен' };
  }

  @Get('me')
  @Roles(...ALL_ROLES)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Текущий пользователь по токену доступа' })
  @ApiOkResponse({ type: MeResponse })
  me(@CurrentUser() user: AuthUser): MeResponse {
    return {
      userId: user.userId,
      username: user.username,
      role: user.role,
      departmentId: user.departmentId,
      timeZone: businessTimeZone(),
      operator: this.operators.isOperator(user),
    };
  }

  @PostOk('password')
  @Roles(...ALL_ROLES)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Сменить свой пароль (нужен текущий); завершает все остальные сеансы и выдаёт этому сеансу новую пару токенов',
  })
  @ApiOkResponse({ type: LoginResponse })
  @ApiResponse({ status: 429, description: 'Слишком много неверных текущих паролей; заголовок Retry-After — секунды до конца блокировки' })
  async changePassword(
    @CurrentUser() caller: AuthUser,
    @Body() body: ChangePasswordRequest,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoginResponse> {
    return this.respond(await this.auth.changePassword(caller, body.currentPassword, body.newPassword), req, res);
  }

  private respond(signedIn: SignedIn, req: Request, res: Response): LoginResponse {
    this.cookie.set(req, res, signedIn.refreshToken);
    return signedIn.response;
  }
}
