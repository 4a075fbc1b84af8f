import argon2 from 'argon2';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

let decoyHash: Promise<string> | undefined;

/**
 * Verifies against the stored hash, or against a decoy when there is none, so an unknown e-mail
 * takes as long to refuse as a wrong password and sign-in does not reveal who has an account.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  decoyHash ??= hashPassword('decoy password that matches nothing');
  const hash = storedHash ?? (await decoyHash);
  const matches = await argon2.verify(hash, password).catch(() => false);
  return Boolean(storedHash) && matches;
}
