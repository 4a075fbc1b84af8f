import http from 'node:http';
import type { Express } from 'express';
import type { Logger } from '@teamfolk/shared';

export interface RunningServer {
  server: http.Server;
  port: number;
  /** Stops taking connections and lets in-flight requests finish, up to the deadline. */
  close(): Promise<void>;
}

export async function listen(
  app: Express,
  port: number,
  logger: Logger,
  shutdownTimeoutMs: number,
): Promise<RunningServer> {
  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
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
        const deadline = setTimeout(() => {
          logger.warn('shutdown deadline reached: closing remaining connections');
          server.closeAllConnections();
        }, shutdownTimeoutMs);
        deadline.unref();
        server.close(() => {
          clearTimeout(deadline);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
