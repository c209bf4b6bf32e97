import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString, MaxLength } from 'class-validator';
import { PasswordField } from '../../http/validators';
import { Role, ROLES } from '../roles';

export class LoginRequest {
  @ApiProperty({ example: 'admin' })
  @IsString({ message: 'Поле «username» должно быть строкой' })
  username!: string;

  @ApiProperty({ example: 'admin12345' })
  @IsString({ message: 'Поле «password» должно быть строкой' })
  password!: string;
}

export class LoginResponse {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ nullable: true, type: String }) token!: string | null;
  @ApiProperty({ nullable: true, enum: ROLES }) role!: Role | null;
  @ApiProperty({ nullable: true, type: String, example: '/admin/' }) redirect!: string | null;
  @ApiProperty({ nullable: true, type: Number }) departmentId!: number | null;
  @ApiProperty({ nullable: true, type: Number }) userId!: number | null;
}

export class LogoutResponse {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
}

export class MeResponse {
  @ApiProperty() userId!: number;
  @ApiProperty() username!: string;
  @ApiProperty({ enum: ROLES }) role!: Role;
  @ApiProperty({ nullable: true, type: Number }) departmentId!: number | null;
  @ApiProperty({ example: 'Europe/Moscow', description: 'Часовой пояс университета (IANA): по нему считаются «сегодня» и текущая неделя' })
  timeZone!: string;
  @ApiProperty({ description: 'Администрирует ли вызывающий всё развёртывание (университеты и их базы данных): ADMIN университета-оператора' })
  operator!: boolean;
}

export function failedLogin(message: string): LoginResponse {
  return { success: false, message, token: null, role: null, redirect: null, departmentId: null, userId: null };
}

export class ChangePasswordRequest {
  // Checked against the stored hash only; bounded so a huge string cannot make hashing expensive.
  @ApiProperty({ example: 'admin12345', maxLength: 1024, description: 'Текущий пароль' })
  @IsDefined({ message: 'Поле «currentPassword» обязательно' })
  @IsString({ message: 'Поле «currentPassword» должно быть строкой' })
  @MaxLength(1024, { message: 'Поле «currentPassword» должно содержать не более 1024 символов' })
  currentPassword!: string;

  @PasswordField('Новый пароль: те же правила, что при создании пользователя')
  newPassword!: string;
}
