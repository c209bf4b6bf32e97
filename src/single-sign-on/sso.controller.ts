import { Body, Controller, Delete, Get, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiExcludeEndpoint, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Request, Response } from 'express';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser, Public, Roles } from '../platform/auth/decorators';
import { RefreshCookie } from '../platform/auth/sessions';
import { IdParam } from '../platform/http/id-param';
import { randomBytes } from 'node:crypto';
import { refusalPage } from './sso-page';
import { ATTEMPT_TTL_SECONDS, SsoLoginService } from './sso-login.service';
import { SsoRefusal } from './sso-refusal';
import { SsoSettingsService } from './sso-settings.service';
import { SsoLinkRequest, SsoLinkResponse, SsoPublicResponse, SsoSettingsRequest, SsoSettingsResponse } from './sso.dto';

/** The browser's half of a sign-in in flight: an HttpOnly cookie only the callback path receives. */
const ATTEMPT_COOKIE = 'sso_attempt';
const ATTEMPT_COOKIE_PATH = '/api/auth/sso';
const SANE_BROWSER = /^[A-Za-z0-9_-]{43}$/;

@ApiTags('Аутентификация')
@Controller('api/auth/sso')
export class SsoController {
  constructor(
    private readonly settings: SsoSettingsService,
    private readonly login: SsoLoginService,
    private readonly cookie: RefreshCookie,
  ) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'Есть ли у университета вход через своего поставщика: для кнопки «Войти через …» (без входа)' })
  @ApiOkResponse({ type: SsoPublicResponse })
  view(): Promise<SsoPublicResponse> {
    return this.settings.publicView();
  }

  /** A browser navigation, not an API call: it answers a redirect or a page, so it stays out of the API document. */
  @Get('login')
  @Public()
  @ApiExcludeEndpoint()
  async start(@Req() req: Request, @Res() res: Response): Promise<void> {
    const existing = (req.cookies as Record<string, unknown> | undefined)?.[ATTEMPT_COOKIE];
    // Kept when present, so sign-ins started in two tabs of one browser both stay valid.
    const browser = typeof existing === 'string' && SANE_BROWSER.test(existing) ? existing : randomBytes(32).toString('base64url');
    try {
      const url = await this.login.start(req, browser);
      res.cookie(ATTEMPT_COOKIE, browser, {
        httpOnly: true,
        sameSite: 'lax',
        secure: this.cookie.secure(req),
        path: ATTEMPT_COOKIE_PATH,
        maxAge: ATTEMPT_TTL_SECONDS * 1000,
      });
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(302, url);
    } catch (error) {
      this.refuse(res, error);
    }
  }

  @Get('callback')
  @Public()
  @ApiExcludeEndpoint()
  async callback(@Query() query: Record<string, unknown>, @Req() req: Request, @Res() res: Response): Promise<void> {
    const browser = (req.cookies as Record<string, unknown> | undefined)?.[ATTEMPT_COOKIE];
    try {
      const signedIn = await this.login.finish(query, typeof browser === 'string' ? browser : undefined);
      this.cookie.set(req, res, signedIn.refreshToken);
      res.setHeader('Cache-Control', 'no-store');
      // No token in the address: the page asks POST /api/auth/refresh; `sso=1` only tells it to.
      res.redirect(302, withSignInHint(signedIn.response.redirect ?? '/'));
    } catch (error) {
      this.refuse(res, error);
    }
  }

  private refuse(res: Response, error: unknown): void {
    if (!(error instanceof SsoRefusal)) throw error;
    res.status(error.status).type('html').setHeader('Cache-Control', 'no-store');
    if (error.retryAfter !== undefined) res.setHeader('Retry-After', String(error.retryAfter));
    res.send(refusalPage(error.message));
  }
}

/** `/admin/#schedule-view` -> `/admin/?sso=1#schedule-view`. */
function withSignInHint(redirect: string): string {
  const [path, hash] = redirect.split('#');
  return `${path}${path.includes('?') ? '&' : '?'}sso=1${hash !== undefined ? `#${hash}` : ''}`;
}

@ApiTags('Вход через университет')
@ApiBearerAuth()
@Controller('api/admin/sso')
export class SsoAdminController {
  constructor(private readonly settings: SsoSettingsService) {}

  @Get()
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Настройки входа через поставщика OpenID Connect университета (секрет клиента не возвращается)' })
  @ApiOkResponse({ type: SsoSettingsResponse })
  get(): Promise<SsoSettingsResponse> {
    return this.settings.get();
  }

  @Put()
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Сохранить настройки; документ обнаружения поставщика проверяется, при ошибке — 400 и прежние настройки' })
  @ApiOkResponse({ type: SsoSettingsResponse })
  save(@CurrentUser() caller: AuthUser, @Body() body: SsoSettingsRequest): Promise<SsoSettingsResponse> {
    return this.settings.save(caller, body);
  }

  @Get('links')
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Пользователи, связанные с поставщиком входа' })
  @ApiOkResponse({ type: [SsoLinkResponse] })
  links(): Promise<SsoLinkResponse[]> {
    return this.settings.links();
  }

  @Put('links/:id')
  @Roles('ADMIN')
  @ApiOperation({
    summary: 'Связать пользователя с именем у поставщика (прежняя связь заменяется)',
    description: 'Для ADMIN и EDUCATION_OFFICE нужна группа у поставщика, сопоставленная этой роли: иначе 400 в поле externalName.',
  })
  @ApiOkResponse({ type: SsoLinkResponse })
  setLink(@CurrentUser() caller: AuthUser, @IdParam('id') id: number, @Body() body: SsoLinkRequest): Promise<SsoLinkResponse> {
    return this.settings.setLink(caller, id, body);
  }

  @Delete('links/:id')
  @Roles('ADMIN')
  @ApiOperation({ summary: 'Удалить связь пользователя с поставщиком входа' })
  @ApiOkResponse({ type: SsoLinkResponse })
  removeLink(@IdParam('id') id: number): Promise<SsoLinkResponse> {
    return this.settings.removeLink(id);
  }
}
