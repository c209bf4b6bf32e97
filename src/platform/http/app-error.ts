/**
 * Errors that services throw on purpose. The global filter turns them into the spec's bodies;
 * `message` is always a Russian sentence meant for the user.
 */
export class AppError extends Error {
  /**
   * The request property the refusal concerns (`slots[1].classroomId`), sent as `field` so a client
   * places the error by data, never by reading the message (which may be reworded at any time).
   */
  field?: string;
  /** Every property the refusal concerns, when there are several (`field` is the first of them). */
  fields?: string[];

  constructor(
    readonly status: number,
    message: string,
    /** Replaces the common body for endpoints with their own shape (login, rule conflicts). */
    readonly body?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
    /** Fields added to the common body (for example `success: false` of the tenant operations). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }

  /** Names the request property the refusal concerns: `throw new BadRequestError('…').at('startDate')`. */
  at(field: string, ...more: string[]): this {
    this.field = field;
    this.fields = more.length > 0 ? [field, ...more] : undefined;
    return this;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Требуется вход в систему') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'Недостаточно прав для этой операции') {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Ресурс не найден') {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, body?: Record<string, unknown>) {
    super(409, message, body);
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(message = 'Сервис временно недоступен, повторите попытку позже') {
    super(503, message);
  }
}

/** Short Russian `error` texts of the common body, by status. */
export const STATUS_TITLES: Record<number, string> = {
  400: 'Некорректный запрос',
  401: 'Требуется аутентификация',
  403: 'Доступ запрещён',
  404: 'Не найдено',
  405: 'Метод не поддерживается',
  409: 'Конфликт',
  413: 'Слишком большой запрос',
  415: 'Неподдерживаемый формат',
  429: 'Слишком много запросов',
  431: 'Слишком большие заголовки запроса',
  500: 'Внутренняя ошибка сервера',
  503: 'Сервис недоступен',
};

/** Default Russian `message` for statuses raised by the framework itself. */
export const STATUS_MESSAGES: Record<number, string> = {
  400: 'Некорректный запрос',
  401: 'Требуется вход в систему',
  403: 'Недостаточно прав для этой операции',
  404: 'Ресурс не найден',
  405: 'Метод не поддерживается для этого адреса',
  409: 'Операция конфликтует с текущим состоянием данных',
  413: 'Тело запроса слишком велико',
  415: 'Тело запроса должно быть в формате JSON',
  429: 'Слишком много запросов, повторите попытку позже',
  500: 'Внутренняя ошибка сервера',
  503: 'Сервис временно недоступен, повторите попытку позже',
};
