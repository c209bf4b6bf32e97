import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express } from 'express';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Nest's Express adapter with one change: Node's HTTP server makes each request and response as an
 * instance of Express's own `app.request` and `app.response` from the start.
 *
 * Express otherwise gives every request and response its prototype afterwards
 * (`Object.setPrototypeOf` in `app.handle`). Measured on this service's machine (issue 29), that one
 * change of prototype per object made a fifth to a third of everything a request allocates survive V8's
 * young-generation collections: it was promoted, and only full collections freed it. A bare Express app
 * answered about a third of what the same app answers with the classes below, and the fifty
 * universities' p99 was full collections of that promoted garbage. Given objects that already have
 * those prototypes, Express's own `setPrototypeOf` changes nothing (the same prototype is a no-op), so
 * Express behaves exactly as before. A mounted Express sub-application would still set its own
 * prototypes; this service mounts none.
 *
 * HTTPS and `forceCloseConnections` (neither used by this service) keep Nest's own server, and so
 * would a Node release whose request and response constructors became classes.
 */
export class ServiceExpressAdapter extends ExpressAdapter {
  override initHttpServer(options: NestApplicationOptions): void {
    const server = options?.httpsOptions || options?.forceCloseConnections ? undefined : serverOfExpressClasses(this.getInstance<Express>());
    if (!server) return super.initHttpServer(options);
    this.httpServer = server;
  }
}

/**
 * A plain HTTP server for `app` that makes its requests and responses with `app.request` and
 * `app.response` as their prototypes (see above); `undefined` where Node's constructors do not allow it.
 * Also the benchmark's second bare Express baseline.
 */
export function serverOfExpressClasses(app: Express): Server | undefined {
  const classes = expressClasses(app.request, app.response);
  return classes && createServer(classes, app);
}

/** Node's request and response constructors as plain functions (so far in every Node release); `undefined` if they became classes. */
const NODE_CONSTRUCTORS = [IncomingMessage, ServerResponse].every((base) => !/^class\b/.test(Function.prototype.toString.call(base)))
  ? {
      request: IncomingMessage as unknown as (this: object, socket: Socket) => void,
      response: ServerResponse as unknown as (this: object, request: IncomingMessage, options?: object) => void,
    }
  : undefined;

/**
 * Constructors Node's server calls with `new` that build its request and response with `request` and
 * `response` as their prototypes (each inherits from Node's own). Plain functions that run Node's
 * constructors on the new object: `Reflect.construct` with another `new.target` would do it for
 * classes too, but measured slower even than Express's own way (9,696 requests a second of a bare
 * app against about 15,000).
 */
function expressClasses(request: object, response: object): { IncomingMessage: typeof IncomingMessage; ServerResponse: typeof ServerResponse } | undefined {
  if (!NODE_CONSTRUCTORS || !(request instanceof IncomingMessage) || !(response instanceof ServerResponse)) return undefined;
  const { request: nodeRequest, response: nodeResponse } = NODE_CONSTRUCTORS;
  function ExpressRequest(this: object, socket: Socket): void {
    nodeRequest.call(this, socket);
  }
  function ExpressResponse(this: object, incoming: IncomingMessage, options?: object): void {
    nodeResponse.call(this, incoming, options);
  }
  ExpressRequest.prototype = request;
  ExpressResponse.prototype = response;
  return { IncomingMessage: ExpressRequest as unknown as typeof IncomingMessage, ServerResponse: ExpressResponse as unknown as typeof ServerResponse };
}
