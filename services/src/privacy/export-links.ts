import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The token of an export's download link: an HMAC of the export, its requester and its expiry, so
 * the link needs no storage, can be shown again while it lasts, and fits no other export, person or
 * window. The key is derived from JWT_SECRET with its own HKDF label, like the two-step secrets' key.
 */
const KEY_INFO = 'teamfolk data export links v1';

export class ExportLinks {
  private readonly key: Buffer;

  constructor(jwtSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', jwtSecret, 'teamfolk', KEY_INFO, 32));
  }

  token(exportId: number, requestedBy: number, expiresAt: Date): string {
    return createHmac('sha256', this.key)
      .update(`data-export:${exportId}:${requestedBy}:${expiresAt.getTime()}`)
      .digest('base64url');
  }

  matches(token: string, exportId: number, requestedBy: number, expiresAt: Date): boolean {
    const expected = Buffer.from(this.token(exportId, requestedBy, expiresAt));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
