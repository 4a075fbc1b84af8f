import type { RequestHandler } from 'express';
import { generalTexts } from '@teamfolk/shared';
import { verifySession, type JwtSettings } from '../auth/jwt';

/** What a client refused by the bulkhead is told to wait: a company's queue drains in well under a second. */
export const COMPANY_BUSY_RETRY_AFTER_SECONDS = 1;

/** Methods that only read: never held up by the bulkhead (the console's pages and the benchmarks' reads). */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** POSTs that write nothing (a rehearsal rolled back, taking no lock): they pass as reads do. */
const READ_SHAPED_POSTS = new Set(['/api/leaves/preview']);

interface Lane {
  running: number;
  waiting: Array<() => void>;
}

/**
 * A bulkhead between companies for the requests that write. At most `concurrency` writes of one
 * company run at once, and each holds at most one pooled connection at a time (a rule the
 * integration tests enforce), so a company's burst takes at most that many of the pool's
 * connections and every other company's requests find the rest free. Up to `queue` more writes of
 * the company wait their turn holding nothing but their socket; beyond that a write is refused at
 * once (429), where it would only have waited longer.
 */
export class CompanyBulkhead {
  private readonly lanes = new Map<number, Lane>();

  constructor(
    readonly concurrency: number,
    readonly queue: number,
  ) {}

  /**
   * A turn for one write of the company: resolves with the function that ends it once the write may
   * run; null at once when the company's queue is full.
   */
  enter(companyId: number): Promise<() => void> | null {
    let lane = this.lanes.get(companyId);
    if (!lane) {
      lane = { running: 0, waiting: [] };
      this.lanes.set(companyId, lane);
    }
    const admitted = lane;
    if (admitted.running < this.concurrency) {
      admitted.running += 1;
      return Promise.resolve(this.turnEnd(companyId, admitted));
    }
    if (admitted.waiting.length >= this.queue) return null;
    return new Promise((resolve) => admitted.waiting.push(() => resolve(this.turnEnd(companyId, admitted))));
  }

  /** Ends a turn once, however often called: the next waiting write of the company takes it over. */
  private turnEnd(companyId: number, lane: Lane): () => void {
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const next = lane.waiting.shift();
      if (next) next();
      else if (--lane.running === 0) this.lanes.delete(companyId);
    };
  }
}

/**
 * Runs every write made with a session through the bulkhead of the session's company, from before
 * its first query (requireAuth's) until its reply has gone or its client has gone away. Requests
 * without a valid session pass on to be refused (or served, on public routes) as before.
 */
export function limitCompanyWrites(bulkhead: CompanyBulkhead, jwt: JwtSettings): RequestHandler {
  return async (req, res, next) => {
    const [scheme, token] = (req.headers.authorization ?? '').split(' ');
    const session =
      READ_METHODS.has(req.method) ||
      READ_SHAPED_POSTS.has(req.baseUrl + req.path) ||
      scheme?.toLowerCase() !== 'bearer' ||
      !token
        ? null
        : verifySession(jwt, token);
    if (!session) {
      next();
      return;
    }
    const turn = bulkhead.enter(session.cid);
    if (!turn) {
      req.log.warn({ companyId: session.cid }, 'company write refused: its queue is full');
      res.setHeader('Retry-After', String(COMPANY_BUSY_RETRY_AFTER_SECONDS));
      res.status(429).json({ message: generalTexts.companyBusy });
      return;
    }
    // 'close' comes once the reply has been sent, or earlier when the client goes away.
    let gone = false;
    res.once('close', () => {
      gone = true;
    });
    const endTurn = await turn;
    if (gone) {
      endTurn();
      return;
    }
    res.once('close', endTurn);
    next();
  };
}
