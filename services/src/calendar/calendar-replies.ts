import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { Sequelize } from 'sequelize';
import { withTenantConnection } from '@teamfolk/shared';

/**
 * Bytes of replies a process keeps: a month of a 2,000-person company is about 440 kB, so some
 * eighteen of those, or thousands of small companies' months. Small beside the API's 200 MB budget.
 */
const KEPT_BYTES = 8 * 1024 * 1024;

/** Long enough for a team looking at the same weeks; short enough that a quiet reply is let go. */
const KEPT_MS = 10 * 60 * 1000;

/** How often replies past their time are dropped (the cache would otherwise drop one only when asked for it). */
const PURGE_EVERY_MS = 60 * 1000;

/** A reply as sent: JSON bytes, and the same gzipped for clients that take it, compressed when first asked for. */
export interface CalendarReply {
  body: Buffer;
  gzipped(): Promise<Buffer>;
}

interface KeptReply extends CalendarReply {
  /** The company's calendar version (migration 0018) read before the reply's rows. */
  version: string;
}

const gzip = promisify(zlib.gzip);

function keptReply(version: string, body: Buffer): KeptReply {
  // Off the event loop: a month of a large company takes a few milliseconds to compress.
  let gzipped: Promise<Buffer> | undefined;
  const compress = () =>
    gzip(body).catch((error: unknown) => {
      gzipped = undefined;
      throw error;
    });
  return { version, body, gzipped: () => (gzipped ??= compress()) };
}

/**
 * Calendar replies as sent (JSON bytes), kept per company, range and view, and sent again only while
 * the company's calendar version is the one read before they were made. Every change to a company's
 * leave changes that version in the same commit, in any process, so a reply is never served past a
 * change: checking costs one index lookup, where making a month of a large company again costs
 * reading, sorting and serialising thousands of rows.
 *
 * The version is read before the rows: a change committed in between leaves the kept reply newer than
 * its version, and the next request makes it again. Read after, a reply could miss a change and
 * carry its version, and be served until the next one.
 */
export class CalendarReplies {
  private readonly kept = new LRUCache<string, KeptReply>({
    maxSize: KEPT_BYTES,
    // JSON of names and dates compresses about twelve to one: the gzipped copy is counted up front.
    sizeCalculation: (reply, key) => Math.ceil(reply.body.length * 1.1) + key.length,
    ttl: KEPT_MS,
  });

  /** Replies being made, by key and version: callers asking for one at the same time share it. */
  private readonly making = new Map<string, Promise<KeptReply>>();

  constructor(private readonly sequelize: Sequelize) {
    // Names of people since erased leave memory within minutes, not when the space is wanted.
    setInterval(() => this.kept.purgeStale(), PURGE_EVERY_MS).unref();
  }

  /** The reply kept under `key` if the company's calendar is unchanged since, else `make`'s, kept. */
  async reply(companyId: number, key: string, make: () => Promise<unknown>): Promise<CalendarReply> {
    const scopedKey = `${companyId} ${key}`;
    const version = await this.versionOf(companyId);
    const kept = this.kept.get(scopedKey);
    if (kept?.version === version) return kept;
    const madeKey = `${scopedKey} ${version}`;
    let made = this.making.get(madeKey);
    if (!made) {
      made = make()
        .then((value) => {
          const reply = keptReply(version, Buffer.from(JSON.stringify(value)));
          this.kept.set(scopedKey, reply);
          return reply;
        })
        .finally(() => this.making.delete(madeKey));
      this.making.set(madeKey, made);
    }
    return made;
  }

  private async versionOf(companyId: number): Promise<string> {
    const [row] = await withTenantConnection(this.sequelize, async (connection) => {
      const { rows } = await connection.query<{ version: string | null }>({
        name: 'calendar-version',
        text: `SELECT string_agg(slot || ':' || version, ' ' ORDER BY slot) AS version
                 FROM calendar_versions WHERE company_id = $1`,
        values: [companyId],
      });
      return rows;
    });
    // None yet: no leave of the company has changed since versions came to be.
    return row?.version ?? '';
  }
}
