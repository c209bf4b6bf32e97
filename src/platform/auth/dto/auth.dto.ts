import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';
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
}

export function failedLogin(message: string): LoginResponse {
  return { success: false, message, token: null, role: null, redirect: null, departmentId: null, userId: null };
}
