import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * TOTP secrets at rest. Unlike a password, the server must read the secret back to compute codes,
 * so it cannot be hashed; it is encrypted instead (AES-256-GCM), so that a copy of the database (a
 * backup, a replica, an SQL injection that reads rows) is not enough to generate anyone's codes.
 *
 * Why a key derived from JWT_SECRET: it is already the one secret every API replica must share and
 * that production refuses to start without, and it never enters the database. HKDF with its own
 * `info` label gives a separate 256-bit key, so the signing key is never used as a cipher key too.
 * The user's id is the GCM associated data: a ciphertext copied onto another user's row does not
 * decrypt. The consequence to know: rotating JWT_SECRET makes stored secrets unreadable; those
 * admins then sign in with a recovery code (hashed, unaffected) and set up two-step sign-in again.
 */
const VERSION = 'v1';
const KEY_INFO = 'teamfolk two-factor secret encryption v1';
const IV_BYTES = 12;
/** Fixed, so that a shortened tag is refused rather than checked on fewer bits. */
const TAG_BYTES = 16;

function keyFrom(jwtSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'teamfolk', KEY_INFO, 32));
}

export class TwoFactorSecretBox {
  private readonly key: Buffer;

  constructor(jwtSecret: string) {
    this.key = keyFrom(jwtSecret);
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, base64url. */
  seal(secret: string, userId: number): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(associatedData(userId));
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The secret, or null when the value was not sealed with this key for this user. */
  open(sealed: string, userId: number): string | null {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(associatedData(userId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}

function associatedData(userId: number): Buffer {
  return Buffer.from(`user:${userId}`, 'utf8');
}
