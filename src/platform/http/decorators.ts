import { applyDecorators, HttpCode, HttpStatus, Post } from '@nestjs/common';

/** POST answering 200: the spec lists 200 as the success status for every operation. */
export function PostOk(path?: string) {
  return applyDecorators(Post(path), HttpCode(HttpStatus.OK));
}
