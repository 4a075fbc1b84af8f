import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { sessionOf } from '../auth/auth.middleware';

/**
 * Bytes of replies a process keeps: a month of a 2,000-person company is about 440 kB, a list page
 * of 25 about 10 kB, so some eighteen large months, or thousands of small companies' pages. Small
 * beside the API's 200 MB budget.
 */
const KEPT_BYTES = 8 * 1024 * 1024;

/** Long enough for a team looking at the same pages; short enough that a quiet reply is let go. */
const KEPT_MS = 10 * 60 * 1000;

/** How often replies past their time are dropped (the cache would otherwise drop one only when asked for it). */
const PURGE_EVERY_MS = 60 * 1000;

/** Below this a reply goes as it is: gzip's framing would cost more than it saves. */
const COMPRESSED_FROM_BYTES = 1024;

/** What a route makes: its JSON bytes, and the headers that go with them (a list's Content-Range). */
export interface ReplyToKeep {
  body: Buffer;
  headers?: Readonly<Record<string, string>>;
}

interface KeptReply extends ReplyToKeep {
  /** The company's data version (migration 0019) the session read before the reply's rows. */
  version: string;
  /** The same bytes gzipped, compressed when first asked for. */
  gzipped(): Promise<Buffer>;
}

const gzip = promisify(zlib.gzip);

function keptReply(version: string, made: ReplyToKeep): KeptReply {
  // Off the event loop: a month of a large company takes a few milliseconds to compress.
  let gzipped: Promise<Buffer> | undefined;
  const compress = () =>
    gzip(made.body).catch((error: unknown) => {
      gzipped = undefined;
      throw error;
    });
  return { ...made, version, gzipped: () => (gzipped ??= compress()) };
}

/** A JSON value as a reply to keep. */
export function jsonReply(value: unknown): ReplyToKeep {
  return { body: Buffer.from(JSON.stringify(value)) };
}

/**
 * Replies as sent (JSON bytes and their headers), kept per company, view and request, and sent again
 * only while the company's data version is the one read before they were made. Every change to a
 * company's leave, people or policies changes that version in the same commit, in any process, so a reply is
 * never served past a change. requireAuth reads the version in the session query every signed-in
 * request makes, so a kept reply costs no query of its own, where making one again costs reading,
 * sorting and serialising rows (a list page's sort and count took Postgres longer than the whole
 * session check).
 *
 * The version is read before the rows: a change committed in between leaves the kept reply newer than
 * its version, and the next request makes it again. Read after, a reply could miss a change and
 * carry its version, and be served until the next one.
 *
 * Every admin of a company sees the same reply; an employee sees their own leave in full and
 * colleagues' in part, so each gets their own.
 *
 * Only a reply made from the tables whose triggers change the version may be kept: leave requests and
 * employees (0019), blackouts (0024), leave policies, working patterns, balance entries, teams and
 * their approvers, and the company's holiday calendar and time zone (0028). A route that reads
 * another table needs that table's trigger first.
 */
export class KeptReplies {
  private readonly kept = new LRUCache<string, KeptReply>({
    maxSize: KEPT_BYTES,
    // JSON of names and dates compresses about twelve to one: the gzipped copy is counted up front.
    sizeCalculation: (reply, key) => Math.ceil(reply.body.length * 1.1) + key.length,
    ttl: KEPT_MS,
  });

  /** Replies being made, by key and version: callers asking for one at the same time share it. */
  private readonly making = new Map<string, Promise<KeptReply>>();

  constructor() {
    // Names of people since erased leave memory within minutes, not when the space is wanted.
    setInterval(() => this.kept.purgeStale(), PURGE_EVERY_MS).unref();
  }

  /**
   * Sends the reply kept for this route, caller's view and `key` (what the request asks for, parsed
   * and validated), or `make`'s, which is kept. Mounted behind requireAuth. `changedSinceVersion`: the
   * request itself changed the company's data after its version was read (stored figures brought up
   * to date): `make`'s reply goes, unkept.
   */
  async send(
    req: Request,
    res: Response,
    key: string,
    make: () => Promise<ReplyToKeep>,
    { changedSinceVersion = false } = {},
  ): Promise<void> {
    const reply = changedSinceVersion ? keptReply('', await make()) : await this.reply(req, key, make);
    res.set('Content-Type', 'application/json; charset=utf-8').vary('Accept-Encoding');
    if (reply.headers) res.set(reply.headers);
    // Compressed once per kept reply, not by the compression middleware on every request.
    if (reply.body.length > COMPRESSED_FROM_BYTES && req.acceptsEncodings('gzip', 'identity') === 'gzip') {
      res.set('Content-Encoding', 'gzip').send(await reply.gzipped());
    } else {
      res.send(reply.body);
    }
  }

  private async reply(req: Request, key: string, make: () => Promise<ReplyToKeep>): Promise<KeptReply> {
    const { companyId, role, userId, dataVersion: version } = sessionOf(req);
    // Only requireAuth's session query reads the version before the route reads its rows.
    if (version === undefined) throw new Error('a kept reply needs the data version requireAuth reads');
    const view = role === 'admin' ? 'admin' : `employee ${userId}`;
    const scopedKey = `${companyId} ${view} ${req.baseUrl}${req.path} ${key}`;
    const kept = this.kept.get(scopedKey);
    if (kept?.version === version) return kept;
    const madeKey = `${scopedKey} ${version}`;
    let made = this.making.get(madeKey);
    if (!made) {
      made = make()
        .then((value) => {
          const reply = keptReply(version, value);
          this.kept.set(scopedKey, reply);
          return reply;
        })
        .finally(() => this.making.delete(madeKey));
      this.making.set(madeKey, made);
    }
    return made;
  }
}
