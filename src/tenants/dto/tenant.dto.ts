import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength, ValidateBy } from 'class-validator';
import { canonicalTimeZone } from '../../platform/http/time-zones';
import { TextField } from '../../platform/http/validators';
import { isSupportedDatabaseUrl, isTenantDomain } from '../tenant-rules';

const lowerCase = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));

/** A domain of one DNS label; lower-cased before the check. */
function DomainField() {
  return (target: object, property: string) => {
    TextField({ maxLength: 63 })(target, property);
    lowerCase(target, property);
    ValidateBy({
      name: 'isTenantDomain',
      validator: {
        validate: (value) => isTenantDomain(value),
        defaultMessage: () => 'Поле «domain» должно быть одной меткой DNS из 1–63 латинских букв, цифр и дефисов (не в начале и не в конце)',
      },
    })(target, property);
  };
}

/** `jdbc:` first (the spec's rule), then only PostgreSQL; the message never repeats the URL. */
function DatabaseUrlField() {
  return (target: object, property: string) => {
    TextField({ maxLength: 2000 })(target, property);
    ValidateBy({
      name: 'isJdbcUrl',
      validator: {
        validate: (value) => typeof value === 'string' && value.startsWith('jdbc:'),
        defaultMessage: () => 'Поле «url» должно начинаться с jdbc: (поддерживается только PostgreSQL: jdbc:postgresql://хост:порт/база)',
      },
    })(target, property);
    ValidateBy({
      name: 'isPostgresUrl',
      validator: {
        validate: (value) => typeof value !== 'string' || !value.startsWith('jdbc:') || isSupportedDatabaseUrl(value),
        defaultMessage: () => 'Поле «url»: поддерживается только PostgreSQL в виде jdbc:postgresql://хост:порт/база',
      },
    })(target, property);
  };
}

/**
 * An IANA time zone, put into its canonical spelling; an unknown one is refused by name (cut short,
 * so a long value cannot fill the message).
 */
function TimeZoneField() {
  return (target: object, property: string) => {
    TextField({ optional: true, maxLength: 64 })(target, property);
    // Empty means not given, like a missing field.
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? (value.trim() ? (canonicalTimeZone(value.trim()) ?? value.trim()) : undefined) : value))(
      target,
      property,
    );
    ValidateBy({
      name: 'isTimeZone',
      validator: {
        validate: (value) => value === undefined || value === null || canonicalTimeZone(value) === value,
        defaultMessage: (args) =>
          `Поле «timeZone»: неизвестный часовой пояс «${String(args?.value).slice(0, 64)}». Укажите название из базы IANA, например Europe/Moscow или Asia/Vladivostok`,
      },
    })(target, property);
  };
}

/** Passwords are kept as given: no trimming. */
function SecretField() {
  return (target: object, property: string) => {
    IsOptional()(target, property);
    IsString({ message: 'Поле «password» должно быть строкой' })(target, property);
    MaxLength(1000, { message: 'Поле «password» должно содержать не более 1000 символов' })(target, property);
  };
}

/** Spec 4.21: the database connection to check. */
export class DatabaseTestRequest {
  @ApiProperty({ example: 'jdbc:postgresql://db.university.example:5432/timetable', maxLength: 2000 })
  @DatabaseUrlField()
  url!: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 255, description: 'Без него берётся пользователь из url' })
  @TextField({ optional: true, maxLength: 255 })
  username?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 1000, writeOnly: true })
  @SecretField()
  password?: string | null;
}

/** Spec 4.21: create or update a tenant by its domain. */
export class TenantRequest extends DatabaseTestRequest {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 255, description: 'Пустое — берётся домен' })
  @TextField({ optional: true, allowEmpty: true, maxLength: 255 })
  name?: string | null;

  @ApiProperty({ example: 'alpha', maxLength: 63, description: 'Первая метка DNS-имени; приводится к нижнему регистру' })
  @DomainField()
  domain!: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 64,
    example: 'Asia/Vladivostok',
    description: 'Часовой пояс университета (IANA). Без него: у нового — DEFAULT_TIME_ZONE, у существующего — прежний',
  })
  @TimeZoneField()
  timeZone?: string | null;
}

/** Spec 2, Tenant listing item. The password is never returned. */
export class TenantListItem {
  @ApiProperty() name!: string;
  @ApiProperty() domain!: string;
  @ApiProperty({ description: 'Адрес базы без пароля' }) url!: string;
  @ApiProperty({ type: String, nullable: true }) username!: string | null;
  @ApiProperty({ description: 'Последняя проверка соединения прошла успешно' }) connected!: boolean;
  @ApiProperty({ example: 'Europe/Moscow', description: 'Часовой пояс университета (IANA)' }) timeZone!: string;
}

/** Spec 2, Tenant status: the tenant chosen by the request's domain. */
export class TenantStatusResponse {
  @ApiProperty({ description: 'Домен университета' }) tenant!: string;
  @ApiProperty() connected!: boolean;
  @ApiProperty() configured!: boolean;
  @ApiProperty({ type: String, nullable: true }) name!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Адрес базы без пароля' }) url!: string | null;
  @ApiProperty({ example: 'Europe/Moscow', description: 'Часовой пояс университета (IANA)' }) timeZone!: string;
}

/** `GET /api/university`: what a page may know of its university without signing in. */
export class UniversityResponse {
  @ApiProperty({ example: 'Europe/Moscow', description: 'Часовой пояс университета (IANA): по нему считаются «сегодня» и текущая неделя' })
  timeZone!: string;
}

export class TenantOperationResponse {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
}

/** `PUT /api/university`: the zone a university's own ADMIN chooses. */
export class UniversityTimeZoneRequest {
  @ApiProperty({ example: 'Asia/Vladivostok', description: 'Название часового пояса из базы IANA; регистр букв не важен' })
  @TextField({ maxLength: 64 })
  timeZone!: string;
}
