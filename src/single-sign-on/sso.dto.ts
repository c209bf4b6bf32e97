import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { ROLES } from '../platform/auth/roles';
import type { Role } from '../platform/auth/roles';
import { BooleanField, OneOfField, TextField } from '../platform/http/validators';

/** A claim name as providers spell them: letters, digits and `_ - . :` (no spaces, no paths). */
const CLAIM_NAME = /^[A-Za-z0-9_.:-]{1,100}$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export class RoleMappingItem {
  @ApiProperty({ description: 'Значение из утверждения групп или ролей', example: 'teachers' })
  @TextField({ maxLength: 255 })
  value!: string;

  @OneOfField(ROLES)
  role!: Role;
}

export class SsoSettingsRequest {
  @ApiProperty({ description: 'Включён ли вход через университет (выключение сохраняет настройки)' })
  @BooleanField()
  enabled!: boolean;

  @ApiProperty({
    description:
      'Адрес поставщика (issuer); по нему читается /.well-known/openid-configuration. Он и все адреса из документа обнаружения должны быть https и не во внутренней сети ' +
      '(этот сервер, частные сети, link-local, служба метаданных облака, также в формах IPv6 с адресом IPv4: ::ffff:…, 64:ff9b::/96, 2002::/16); ' +
      'исключение — узлы, которые оператор указал в SSO_ALLOW_PRIVATE_HOSTS. Иначе — 400 в поле issuerUrl',
    example: 'https://sso.university.example/realms/main',
  })
  @TextField({ maxLength: 500 })
  issuerUrl!: string;

  @ApiProperty({ example: 'timetable' })
  @TextField({ maxLength: 255 })
  clientId!: string;

  @ApiPropertyOptional({
    description: 'Секрет клиента: только для записи, никогда не возвращается. Не указан — остаётся сохранённый',
    writeOnly: true,
    maxLength: 500,
  })
  @IsOptional()
  @IsString({ message: 'Поле «clientSecret» должно быть строкой' })
  @MaxLength(500, { message: 'Поле «clientSecret» должно содержать не более 500 символов' })
  clientSecret?: string;

  @ApiProperty({ description: 'Название на кнопке «Войти через …»', example: 'единый вход университета' })
  @TextField({ maxLength: 100 })
  displayName!: string;

  @ApiPropertyOptional({ description: 'Утверждение с именем пользователя', default: 'preferred_username' })
  @TextField({ optional: true, maxLength: 100 })
  @Matches(CLAIM_NAME, { message: 'Поле «usernameClaim» должно быть именем утверждения (латиница, цифры, _ - . :)' })
  usernameClaim?: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Утверждение с группами или ролями; пусто — роли не проверяются, и пользователи связываются только вручную', example: 'groups' })
  @TextField({ optional: true, maxLength: 100 })
  @Matches(CLAIM_NAME, { message: 'Поле «rolesClaim» должно быть именем утверждения (латиница, цифры, _ - . :)' })
  rolesClaim?: string | null;

  @ApiPropertyOptional({ type: [RoleMappingItem], description: 'Сопоставление значений утверждения ролям сервиса' })
  @IsOptional()
  @IsArray({ message: 'Поле «roleMapping» должно быть списком' })
  @ArrayMaxSize(100, { message: 'Поле «roleMapping» должно содержать не более 100 элементов' })
  @ValidateNested({ each: true })
  @Type(() => RoleMappingItem)
  roleMapping?: RoleMappingItem[];

  @ApiPropertyOptional({ type: [String], description: 'Разрешённые домены почты; пусто — любые', example: ['university.example'] })
  @IsOptional()
  @IsArray({ message: 'Поле «emailDomains» должно быть списком доменов' })
  @ArrayMaxSize(20, { message: 'Поле «emailDomains» должно содержать не более 20 доменов' })
  @Matches(DOMAIN, { each: true, message: 'Поле «emailDomains» должно содержать домены вида university.example (строчными буквами)' })
  emailDomains?: string[];

  @ApiPropertyOptional({ description: 'Создавать неизвестных пользователей при первом входе (только STUDENT или TEACHER по сопоставлению)', default: false })
  @BooleanField({ optional: true })
  createUsers?: boolean;

  @ApiPropertyOptional({ description: 'Разрешён ли вход по паролю пользователям, кроме ADMIN', default: true })
  @BooleanField({ optional: true })
  passwordLoginAllowed?: boolean;
}

export class SsoSettingsResponse {
  @ApiProperty({ description: 'Сохранены ли настройки вообще' }) configured!: boolean;
  @ApiProperty() enabled!: boolean;
  @ApiProperty() issuerUrl!: string;
  @ApiProperty() clientId!: string;
  @ApiProperty({ description: 'Сохранён ли секрет клиента (сам секрет не возвращается)' }) clientSecretSet!: boolean;
  @ApiProperty() displayName!: string;
  @ApiProperty() usernameClaim!: string;
  @ApiProperty({ type: String, nullable: true }) rolesClaim!: string | null;
  @ApiProperty({ type: [RoleMappingItem] }) roleMapping!: RoleMappingItem[];
  @ApiProperty({ type: [String] }) emailDomains!: string[];
  @ApiProperty() createUsers!: boolean;
  @ApiProperty() passwordLoginAllowed!: boolean;
  @ApiProperty({ description: 'Адрес возврата для регистрации у поставщика: публичный адрес университета (PUBLIC_URL), а не заголовок Host запроса' }) redirectUri!: string;
  @ApiProperty({ type: String, nullable: true }) updatedAt!: string | null;
}

export class SsoPublicResponse {
  @ApiProperty({ description: 'Показывать ли кнопку входа через университет' }) enabled!: boolean;
  @ApiProperty({ type: String, nullable: true, example: 'Войти через единый вход университета' }) buttonText!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Выход у поставщика (RP-initiated logout), если он его поддерживает' }) providerLogoutUrl!: string | null;
}

export class SsoLinkRequest {
  @ApiProperty({
    description:
      'Имя пользователя у поставщика (значение утверждения имени). Связь с ADMIN или EDUCATION_OFFICE привязывается и действует, только если группы пользователя у поставщика дают эту роль; ' +
      'если ни одна группа не сопоставлена этой роли, такая связь не создаётся (400 в поле externalName)',
    example: 'i.ivanov',
  })
  @TextField({ maxLength: 255 })
  externalName!: string;
}

export class SsoLinkResponse {
  @ApiProperty() userId!: number;
  @ApiProperty() username!: string;
  @ApiProperty() fullName!: string;
  @ApiProperty({ enum: ROLES }) role!: Role;
  @ApiProperty({ enum: ['ACTIVE', 'ARCHIVED'] }) status!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Имя у поставщика, заданное администратором' }) externalName!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Идентификатор (sub) у поставщика; null — пользователь ещё не входил' }) subject!: string | null;
  @ApiProperty() linkedAt!: string;
}
