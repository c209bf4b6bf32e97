/** A sign-in through the provider that ends on the Russian refusal page with this status. */
export class SsoRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Seconds the browser should wait (429). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export const NOT_CONFIGURED = 'Вход через университет не настроен. Войдите по логину и паролю';
export const ATTEMPT_INVALID = 'Попытка входа устарела, уже использована или начата в другом браузере. Начните вход заново';
export const PROVIDER_REFUSED = 'Поставщик входа университета не подтвердил вход. Начните вход заново';
export const PROVIDER_UNAVAILABLE = 'Поставщик входа университета недоступен. Повторите попытку позже или войдите по паролю';
export const SETTINGS_UNREADABLE = 'Настройки входа через университет нужно сохранить заново (секрет клиента не читается). Обратитесь к администратору';
