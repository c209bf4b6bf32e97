import { PasswordField } from '../../platform/http/validators';

export class ResetPasswordRequest {
  @PasswordField('Новый пароль пользователя: те же правила, что при создании')
  newPassword!: string;
}
