import { Param, PipeTransform } from '@nestjs/common';
import { BadRequestError } from './app-error';

const MAX_ID = 2_147_483_647; // PostgreSQL integer

/** A positive integer path id; anything else is a 400 with a Russian message, never a database error. */
class PositiveIdPipe implements PipeTransform<string, number> {
  constructor(private readonly name: string) {}

  transform(value: string): number {
    const id = /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isInteger(id) || id < 1 || id > MAX_ID) {
      throw new BadRequestError(`Параметр «${this.name}» должен быть положительным целым числом`);
    }
    return id;
  }
}

export const IdParam = (name: string) => Param(name, new PositiveIdPipe(name));
