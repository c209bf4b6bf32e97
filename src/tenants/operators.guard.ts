import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthUser } from '../platform/auth/auth-user';
import { ForbiddenError } from '../platform/http/app-error';
import { DeploymentOperators } from '../platform/tenancy/deployment-operators';

export const OPERATORS_ONLY = 'Управлять университетами могут только администраторы, обслуживающие всё развёртывание';

/**
 * The deployment's tenants belong to its operators: any other university's ADMIN is refused before
 * the body is read, so neither an answer nor a validation error tells them anything about the others.
 * Runs after the global authentication and role guards (the caller is an ADMIN by then).
 */
@Injectable()
export class OperatorsOnly implements CanActivate {
  constructor(private readonly operators: DeploymentOperators) {}

  canActivate(context: ExecutionContext): boolean {
    const caller = context.switchToHttp().getRequest<Request & { user?: AuthUser }>().user;
    if (!caller || !this.operators.isOperator(caller)) throw new ForbiddenError(OPERATORS_ONLY);
    return true;
  }
}
