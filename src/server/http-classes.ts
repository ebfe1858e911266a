/**
 * Node's request and response classes for the server of an Express app, with the app's request
 * and response prototypes already in their chain (decision 0100).
 *
 * Express gives every request its API by changing the prototypes of Node's objects
 * (`Object.setPrototypeOf` in `app.handle`). By then Node has used those objects, so V8 must give
 * them new hidden classes, and the property lookups in Node's HTTP code and in Express miss their
 * inline caches for the rest of the request. Objects created from these classes already have the
 * prototypes Express sets, so its call changes nothing.
 */
import { IncomingMessage, ServerResponse, type ServerOptions } from 'node:http';
import type { Express } from 'express';

export function httpClassesFor(app: Express): ServerOptions {
  class AppRequest extends IncomingMessage {}
  class AppResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {}
  // Node's constructors still build the objects; lookups then find the app's API, then Express's, then Node's.
  Object.setPrototypeOf(AppRequest.prototype, app.request);
  Object.setPrototypeOf(AppResponse.prototype, app.response);
  // What Express gives each request is now the prototype it was created with.
  app.request = AppRequest.prototype as unknown as Express['request'];
  app.response = AppResponse.prototype as unknown as Express['response'];
  return { IncomingMessage: AppRequest, ServerResponse: AppResponse };
}
