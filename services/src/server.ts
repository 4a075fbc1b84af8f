import http from 'node:http';
import type { Socket } from 'node:net';
import type { Express } from 'express';
import type { Logger } from '@teamfolk/shared';

export interface RunningServer {
  server: http.Server;
  port: number;
  /** Stops taking connections and lets in-flight requests finish, up to the deadline. */
  close(): Promise<void>;
}

/**
 * How long the server still answers after shutdown begins, before it stops listening: a request
 * already on its way (over a new connection, or one kept alive) is served rather than cut off, as
 * a load balancer takes a moment to stop routing to a stopping instance.
 */
const LAST_CALL_MS = 500;
/** How often, while stopping, connections that went idle are closed. */
const IDLE_SWEEP_MS = 100;

/**
 * Server options under which Node builds each request and reply on the app's own prototypes
 * (app.request, app.response), so that Express's app.handle, which sets them on every request and
 * reply (Object.setPrototypeOf), finds nothing to change and V8 keeps one shape for them. Relies on
 * Node's IncomingMessage and ServerResponse being constructor functions that subclasses call as such
 * (server.test.ts fails if that changes). Measured: bench/README.md#what-the-figures-rest-on
 */
function bornOnAppPrototypes(app: Express): http.ServerOptions {
  function AppRequest(this: http.IncomingMessage, socket: Socket): void {
    Reflect.apply(http.IncomingMessage, this, [socket]);
  }
  AppRequest.prototype = app.request;
  function AppResponse(this: http.ServerResponse, req: http.IncomingMessage, options?: object): void {
    Reflect.apply(http.ServerResponse, this, [req, options]);
  }
  AppResponse.prototype = app.response;
  return {
    IncomingMessage: AppRequest as unknown as typeof http.IncomingMessage,
    ServerResponse: AppResponse as unknown as typeof http.ServerResponse,
  };
}

/**
 * Has every reply whose headers go out once `stopping()` holds end its connection (Connection:
 * close): replies in flight when shutdown begins and replies to requests that arrive in the last
 * call, so that no kept-alive connection outlives shutdown. Checked on the app's reply prototype as
 * the headers are written, rather than by holding the replies in flight: it relies on the app having
 * this one server. Measured: bench/README.md#what-the-figures-rest-on
 */
function closesConnectionsOnceStopping(app: Express, stopping: () => boolean): void {
  const { writeHead } = app.response;
  app.response.writeHead = function writeHeadClosingOnceStopping(this: http.ServerResponse, ...args: unknown[]) {
    if (stopping() && !this.headersSent) this.setHeader('Connection', 'close');
    return Reflect.apply(writeHead, this, args) as http.ServerResponse;
  } as typeof writeHead;
}

export async function listen(
  app: Express,
  port: number,
  logger: Logger,
  shutdownTimeoutMs: number,
): Promise<RunningServer> {
  const server = http.createServer(bornOnAppPrototypes(app), app);
  server.keepAliveTimeout = 65_000;
  let stopping = false;
  closesConnectionsOnceStopping(app, () => stopping);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve());
  });
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  return {
    server,
    port: boundPort,
    close: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        const deadline = setTimeout(() => {
          logger.warn('shutdown deadline reached: closing remaining connections');
          server.closeAllConnections();
        }, shutdownTimeoutMs);
        deadline.unref();
        setTimeout(() => {
          // A reply whose headers had already gone out leaves its connection idle when it ends.
          const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
          server.close(() => {
            clearTimeout(deadline);
            clearInterval(sweep);
            resolve();
          });
        }, LAST_CALL_MS).unref();
      }),
  };
}
