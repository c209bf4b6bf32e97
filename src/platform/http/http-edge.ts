import { Request, Response } from 'express';
import { Server } from 'node:http';
import { Duplex } from 'node:stream';
import { errorBody } from './error-body';

/**
 * Requests Node's HTTP layer refuses before Express sees them (headers over its limit, malformed
 * requests) and requests that must not reach the application (no Host, two Host headers) get the
 * common JSON error body like every other error. A request refused before its URL is parsed has no
 * path to report: `path` is empty then.
 */

const HEADERS_TOO_LARGE = 'Заголовки или адрес запроса слишком велики: допускается не более 16 КБ';
const MALFORMED = 'Запрос не соответствует протоколу HTTP';
const NO_HOST = 'В запросе нет заголовка Host: по нему выбирается университет';
const TWO_HOSTS = 'В запросе несколько заголовков Host: допускается ровно один';

function rawResponse(status: number, reason: string, message: string): string {
  const body = JSON.stringify(errorBody(status, message, ''));
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/** Answers a request Node's parser rejected (`clientError`) with the common body, then closes the connection. */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (socket.writable && !(socket as Duplex & { _httpMessage?: unknown })._httpMessage) {
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    socket.end(tooLarge ? rawResponse(431, 'Request Header Fields Too Large', HEADERS_TOO_LARGE) : rawResponse(400, 'Bad Request', MALFORMED));
  }
  socket.destroy();
}

/**
 * Host is how the tenant is chosen: an HTTP/1.1 request must carry exactly one (RFC 9112 asks for 400
 * otherwise); an HTTP/1.0 one (old health checkers) may omit it, never repeat it. Answers the refusal's
 * message, or undefined when the request may go on.
 */
export function hostRefusal(request: Request): string | undefined {
  let hosts = 0;
  for (let i = 0; i < request.rawHeaders.length; i += 2) if (request.rawHeaders[i].toLowerCase() === 'host') hosts++;
  const http10 = request.httpVersionMajor === 1 && request.httpVersionMinor === 0;
  if (hosts === 1 || (hosts === 0 && http10)) return undefined;
  return hosts === 0 ? NO_HOST : TWO_HOSTS;
}

/** A refusal made before routing (a Host `hostRefusal` refused, an unknown university), in the common error body. */
export function refuse(request: Request, response: Response, status: number, message: string): void {
  response.status(status).json(errorBody(status, message, request.originalUrl.split('?')[0]));
}

export function installHttpEdge(server: Server): void {
  // Node itself would answer a missing Host with an empty 400; the request edge (`hostRefusal`) answers it instead.
  (server as Server & { requireHostHeader: boolean }).requireHostHeader = false;
  server.on('clientError', answerClientError);
}
