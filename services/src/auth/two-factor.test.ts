import jwt from 'jsonwebtoken';
import { generateSync } from 'otplib';
import {
  AuditEntry,
  RECOVERY_CODE_COUNT,
  SecurityEvent,
  TWO_FACTOR_FAILURE_WINDOW_SECONDS,
  TWO_FACTOR_MAX_FAILED_ATTEMPTS,
  TwoFactorRecoveryCode,
  twoFactorTexts,
  User,
  UserTwoFactor,
  type TwoFactorEnabledReply,
  type TwoFactorEnrolment,
} from '@teamfolk/shared';
import { createCompanyWithAdmin, createInvitedEmployee, type CompanyWithAdmin } from '../testing/factories';
import { bearerFor, startTestApp, type TestApp } from '../testing/harness';

// Each enrolment hashes ten recovery codes and every sign-in a password (argon2id): slow on a busy machine.
jest.setTimeout(60_000);

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const TOTP_STEP_MS = 30_000;

/** A code of the previous (-1), current (0) or next (+1) 30-second step: all three are accepted. */
function codeFor(secret: string, step: -1 | 0 | 1 = 0): string {
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + step * 30 });
}

interface EnrolledAdmin extends CompanyWithAdmin {
  secret: string;
  recoveryCodes: string[];
  /** The session the enrolment left this tab with. */
  bearer: string;
}

async function startEnrolment(bearer: string): Promise<TwoFactorEnrolment> {
  const reply = await t.request().post('/api/auth/two-factor/start').set('Authorization', bearer).expect(200);
  return reply.body as TwoFactorEnrolment;
}

/**
 * Waits for the next 30-second step when the current one ends within `seconds`: a previous-step code
 * turns two steps old, and is refused, the moment the step changes under a request carrying it.
 */
async function untilStepHasRoom(seconds: number): Promise<void> {
  const remainingMs = TOTP_STEP_MS - (Date.now() % TOTP_STEP_MS);
  if (remainingMs < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, remainingMs + 50));
}

/** An admin with two-step sign-in on, confirmed with the previous step's code (the current and next are unused). */
async function enrolledAdmin(): Promise<EnrolledAdmin> {
  const account = await createCompanyWithAdmin();
  const bearer = await bearerFor(t, account.admin.email, account.password);
  const { secret } = await startEnrolment(bearer);
  await untilStepHasRoom(5);
  const confirmed = await t
    .request()
    .post('/api/auth/two-factor/confirm')
    .set('Authorization', bearer)
    .send({ code: codeFor(secret, -1) })
    .expect(200);
  const body = confirmed.body as TwoFactorEnabledReply;
  return { ...account, secret, recoveryCodes: body.recoveryCodes, bearer: `Bearer ${body.token}` };
}

async function passwordStep(email: string, password: string): Promise<string> {
  const reply = await t.request().post('/api/auth/login').send({ email, password }).expect(200);
  expect(reply.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
  return reply.body.challenge as string;
}

function secondStep(challenge: string, code: string) {
  return t.request().post('/api/auth/login/two-factor').send({ challenge, code });
}

describe('enrolment (POST /api/auth/two-factor/start and /confirm)', () => {
  it('should hand out a QR code and secret, and turn nothing on until the first code confirms it', async () => {
    const { admin, password } = await createCompanyWithAdmin();
    const bearer = await bearerFor(t, admin.email, password);

    const enrolment = await startEnrolment(bearer);
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUri).toBe(
      `otpauth://totp/Teamfolk:${encodeURIComponent(admin.email)}?secret=${enrolment.secret}&issuer=Teamfolk`,
    );
    expect(enrolment.qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+=*$/);

    // Stored encrypted, never as the secret itself.
    const record = await UserTwoFactor.findByPk(admin.id, { rejectOnEmpty: true });
    expect(record.secretCiphertext).toMatch(/^v1\./);
    expect(record.secretCiphertext).not.toContain(enrolment.secret);
    expect(record.enabledAt).toBeNull();

    // Pending: the status says off, and the password alone still signs in.
    const status = await t.request().get('/api/auth/two-factor').set('Authorization', bearer).expect(200);
    expect(status.body).toEqual({ enabled: false, enabledAt: null, recoveryCodesRemaining: 0 });
    await bearerFor(t, admin.email, password);
  });

  it('should refuse a wrong or malformed first code and stay off', async () => {
    const { admin, password } = await createCompanyWithAdmin();
    const bearer = await bearerFor(t, admin.email, password);
    await startEnrolment(bearer);

    const wrong = await t
      .request()
      .post('/api/auth/two-factor/confirm')
      .set('Authorization', bearer)
      .send({ code: '000000' })
      .expect(400);
    expect(wrong.body).toEqual({ message: twoFactorTexts.invalidTotpCode, field: 'code' });
    const malformed = await t
      .request()
      .post('/api/auth/two-factor/confirm')
      .set('Authorization', bearer)
      .send({ code: '12ab' })
      .expect(400);
    expect(malformed.body).toEqual({ message: twoFactorTexts.codeFormat, field: 'code' });
    expect((await UserTwoFactor.findByPk(admin.id, { rejectOnEmpty: true })).enabledAt).toBeNull();
  });

  it('should refuse to confirm before starting', async () => {
    const { admin, password } = await createCompanyWithAdmin();
    const bearer = await bearerFor(t, admin.email, password);
    const reply = await t
      .request()
      .post('/api/auth/two-factor/confirm')
      .set('Authorization', bearer)
      .send({ code: '123456' })
      .expect(409);
    expect(reply.body).toEqual({ message: twoFactorTexts.enrolmentNotStarted });
  });

  it('should turn it on with ten hashed single-use recovery codes and end the password-only sessions', async () => {
    const { admin, password } = await createCompanyWithAdmin();
    const bearer = await bearerFor(t, admin.email, password);
    const { secret } = await startEnrolment(bearer);

    const reply = await t
      .request()
      .post('/api/auth/two-factor/confirm')
      .set('Authorization', bearer)
      .send({ code: codeFor(secret) })
      .expect(200);
    const body = reply.body as TwoFactorEnabledReply;
    expect(body.message).toBe(twoFactorTexts.enabled);
    expect(body.status).toEqual({ enabled: true, enabledAt: expect.any(String), recoveryCodesRemaining: 10 });
    expect(body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(body.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of body.recoveryCodes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    expect(body.user).toMatchObject({ id: admin.id, role: 'admin' });

    // Only argon2id hashes are kept.
    const stored = await TwoFactorRecoveryCode.findAll({ where: { userId: admin.id } });
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    for (const row of stored) expect(row.codeHash).toMatch(/^\$argon2id\$/);
    const hashes = stored.map((row) => row.codeHash).join(' ');
    for (const code of body.recoveryCodes) expect(hashes).not.toContain(code.replace('-', ''));

    // The session opened with the password alone has ended; the fresh one works.
    await t.request().get('/api/auth/me').set('Authorization', bearer).expect(401);
    await t.request().get('/api/auth/me').set('Authorization', `Bearer ${body.token}`).expect(200);
    const status = await t.request().get('/api/auth/two-factor').set('Authorization', `Bearer ${body.token}`);
    expect(status.body).toMatchObject({ enabled: true, recoveryCodesRemaining: 10 });

    const actions = (await AuditEntry.findAll({ where: { entity: 'user', entityId: String(admin.id) } })).map(
      (entry) => entry.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['user.two_factor_enrolment_started', 'user.two_factor_enabled']));

    // Already on: starting again is refused rather than silently replacing the secret.
    const again = await t
      .request()
      .post('/api/auth/two-factor/start')
      .set('Authorization', `Bearer ${body.token}`)
      .expect(409);
    expect(again.body).toEqual({ message: twoFactorTexts.alreadyEnabled });
  });
});

describe('sign-in with two-step sign-in on (POST /api/auth/login, /api/auth/login/two-factor)', () => {
  it('should answer the password with a challenge only, and the challenge plus a code with a session', async () => {
    const { admin, password, secret } = await enrolledAdmin();
    const challenge = await passwordStep(admin.email, password);

    // The challenge is no session token.
    await t.request().get('/api/auth/me').set('Authorization', `Bearer ${challenge}`).expect(401);

    const reply = await secondStep(challenge, codeFor(secret)).expect(200);
    expect(reply.body.user).toMatchObject({ id: admin.id, email: admin.email, role: 'admin' });
    // The completed sign-in makes this browser a known device of the account; its token is no session.
    expect(reply.body.deviceToken).toEqual(expect.any(String));
    await t
      .request()
      .get('/api/auth/me')
      .set('Authorization', `Bearer ${reply.body.deviceToken as string}`)
      .expect(401);
    await t
      .request()
      .get('/api/auth/me')
      .set('Authorization', `Bearer ${reply.body.token as string}`)
      .expect(200);
    expect((await User.findByPk(admin.id, { rejectOnEmpty: true })).lastLoginAt).toBeInstanceOf(Date);
  });

  it('should refuse a code already used in its time step, even through a new challenge', async () => {
    const { admin, password, secret } = await enrolledAdmin();
    const code = codeFor(secret);
    await secondStep(await passwordStep(admin.email, password), code).expect(200);

    const replayed = await secondStep(await passwordStep(admin.email, password), code).expect(401);
    expect(replayed.body).toEqual({ message: twoFactorTexts.codeAlreadyUsed });
    // The confirming code (previous step) is spent too.
    const older = await secondStep(await passwordStep(admin.email, password), codeFor(secret, -1)).expect(401);
    expect(older.body).toEqual({ message: twoFactorTexts.codeAlreadyUsed });
    // The next step's code still works.
    await secondStep(await passwordStep(admin.email, password), codeFor(secret, 1)).expect(200);
  });

  it('should refuse a wrong code with 401 and a clear message', async () => {
    const { admin, password, secret } = await enrolledAdmin();
    const challenge = await passwordStep(admin.email, password);
    const current = codeFor(secret);
    const wrong = current === '123456' ? '654321' : '123456';

    const reply = await secondStep(challenge, wrong).expect(401);
    expect(reply.body).toEqual({ message: twoFactorTexts.invalidCode });
    const notACode = await secondStep(challenge, 'nothing-like-a-code').expect(401);
    expect(notACode.body).toEqual({ message: twoFactorTexts.invalidCode });
    // A wrong try does not spend the challenge.
    await secondStep(challenge, current).expect(200);
  });

  it('should hold the second step for the user after five wrong codes, from any challenge', async () => {
    const { admin, password, secret } = await enrolledAdmin();
    const wrong = codeFor(secret) === '123456' ? '654321' : '123456';
    for (let attempt = 0; attempt < TWO_FACTOR_MAX_FAILED_ATTEMPTS; attempt++) {
      await secondStep(await passwordStep(admin.email, password), wrong).expect(401);
    }
    // Even the right code waits now, whichever challenge carries it.
    const held = await secondStep(await passwordStep(admin.email, password), codeFor(secret)).expect(429);
    expect(held.body).toEqual({ message: 'Too many attempts. Please try again in 15 minutes.' });
    const events = await SecurityEvent.findAll({ where: { userId: admin.id }, order: [['id', 'ASC']] });
    expect(events.filter((event) => event.kind === 'sign-in.wrong-code')).toHaveLength(TWO_FACTOR_MAX_FAILED_ATTEMPTS);
    expect(events.at(-1)).toMatchObject({
      kind: 'sign-in.throttled',
      status: 429,
      route: 'POST /api/auth/login/two-factor',
    });

    // Once the window has passed, the right code gets in and the count starts again.
    await UserTwoFactor.update(
      { failedAttemptsSince: new Date(Date.now() - (TWO_FACTOR_FAILURE_WINDOW_SECONDS + 1) * 1000) },
      { where: { userId: admin.id } },
    );
    await secondStep(await passwordStep(admin.email, password), codeFor(secret)).expect(200);
    expect(await UserTwoFactor.findByPk(admin.id, { rejectOnEmpty: true })).toMatchObject({ failedAttempts: 0 });
    const secondSteps = { userId: admin.id, kind: 'sign-in.succeeded', route: 'POST /api/auth/login/two-factor' };
    expect(await SecurityEvent.count({ where: secondSteps })).toBe(1);
  });

  it('should refuse a forged, expired or session token as the challenge', async () => {
    const { admin, password, secret, bearer } = await enrolledAdmin();
    const challenge = await passwordStep(admin.email, password);
    const claims = jwt.decode(challenge) as Record<string, unknown>;
    const expired = jwt.sign(
      { ...claims, exp: Math.floor(Date.now() / 1000) - 1, iat: Math.floor(Date.now() / 1000) - 301 },
      t.config.JWT_SECRET,
    );
    const forged = jwt.sign(claims, 'another secret of at least thirty-two characters');

    for (const candidate of [expired, forged, bearer.slice('Bearer '.length), 'not.a.token']) {
      const reply = await secondStep(candidate, codeFor(secret)).expect(401);
      expect(reply.body).toEqual({ message: twoFactorTexts.challengeExpired });
    }
  });

  it('should void a challenge when the password changes between the two steps', async () => {
    const { admin, password, secret, bearer } = await enrolledAdmin();
    const challenge = await passwordStep(admin.email, password);
    await t
      .request()
      .put('/api/auth/password')
      .set('Authorization', bearer)
      .send({ currentPassword: password, newPassword: 'a brand new passphrase' })
      .expect(200);
    const reply = await secondStep(challenge, codeFor(secret)).expect(401);
    expect(reply.body).toEqual({ message: twoFactorTexts.challengeExpired });
  });

  it('should accept a recovery code once, in any case and with or without its hyphen', async () => {
    const { admin, password, recoveryCodes } = await enrolledAdmin();
    const [first, second] = recoveryCodes as [string, string];

    const reply = await secondStep(await passwordStep(admin.email, password), first.toUpperCase().replace('-', ''));
    expect(reply.status).toBe(200);
    expect(reply.body.token).toEqual(expect.any(String));
    expect(await TwoFactorRecoveryCode.count({ where: { userId: admin.id, usedAt: null } })).toBe(9);
    const audit = await AuditEntry.findOne({
      where: { action: 'user.two_factor_recovery_code_used', entityId: String(admin.id) },
    });
    expect(audit?.after).toEqual({ recoveryCodesRemaining: 9 });

    const reused = await secondStep(await passwordStep(admin.email, password), first).expect(401);
    expect(reused.body).toEqual({ message: twoFactorTexts.invalidCode });
    await secondStep(await passwordStep(admin.email, password), ` ${second} `).expect(200);
    const status = await t
      .request()
      .get('/api/auth/two-factor')
      .set('Authorization', `Bearer ${reply.body.token as string}`)
      .expect(200);
    expect(status.body.recoveryCodesRemaining).toBe(8);
  });
});

describe('turning it off (DELETE /api/auth/two-factor)', () => {
  it('should need the password and a current code, then sign in with the password alone again', async () => {
    const { admin, password, secret, bearer } = await enrolledAdmin();
    const turnOff = (body: object) =>
      t.request().delete('/api/auth/two-factor').set('Authorization', bearer).send(body);

    const wrongPassword = await turnOff({ password: 'not my password', code: codeFor(secret) }).expect(400);
    expect(wrongPassword.body).toEqual({ message: twoFactorTexts.wrongPassword, field: 'password' });
    const wrongCode = await turnOff({ password, code: '000000' === codeFor(secret) ? '111111' : '000000' }).expect(400);
    expect(wrongCode.body).toEqual({ message: twoFactorTexts.invalidCode, field: 'code' });
    const missing = await turnOff({ password }).expect(400);
    expect(missing.body).toEqual({ message: twoFactorTexts.codeRequired, field: 'code' });

    const reply = await turnOff({ password, code: codeFor(secret) }).expect(200);
    expect(reply.body).toEqual({ enabled: false, enabledAt: null, recoveryCodesRemaining: 0 });
    expect(await UserTwoFactor.count({ where: { userId: admin.id } })).toBe(0);
    expect(await TwoFactorRecoveryCode.count({ where: { userId: admin.id } })).toBe(0);
    expect(await AuditEntry.count({ where: { action: 'user.two_factor_disabled', entityId: String(admin.id) } })).toBe(
      1,
    );

    await bearerFor(t, admin.email, password);
    const again = await turnOff({ password, code: codeFor(secret, 1) }).expect(409);
    expect(again.body).toEqual({ message: twoFactorTexts.notEnabled });
  });

  it('should accept a recovery code instead of the app', async () => {
    const { admin, password, recoveryCodes, bearer } = await enrolledAdmin();
    await t
      .request()
      .delete('/api/auth/two-factor')
      .set('Authorization', bearer)
      .send({ password, code: recoveryCodes[3] })
      .expect(200);
    await bearerFor(t, admin.email, password);
  });
});

describe('who may use it', () => {
  it('should refuse employees every two-step route with 403', async () => {
    const { company } = await createCompanyWithAdmin();
    const { token } = await createInvitedEmployee(t.db.sequelize, company);
    const accepted = await t
      .request()
      .post('/api/auth/invitation/accept')
      .send({ token, password: 'employee password' })
      .expect(200);
    const bearer = `Bearer ${accepted.body.token as string}`;

    await t.request().get('/api/auth/two-factor').set('Authorization', bearer).expect(403);
    await t.request().post('/api/auth/two-factor/start').set('Authorization', bearer).expect(403);
    await t
      .request()
      .post('/api/auth/two-factor/confirm')
      .set('Authorization', bearer)
      .send({ code: '123456' })
      .expect(403);
    await t
      .request()
      .delete('/api/auth/two-factor')
      .set('Authorization', bearer)
      .send({ password: 'employee password', code: '123456' })
      .expect(403);
    expect(await UserTwoFactor.count({ where: { userId: accepted.body.user.id as number } })).toBe(0);
  });

  it('should refuse callers who are not signed in', async () => {
    await t.request().get('/api/auth/two-factor').expect(401);
    await t.request().post('/api/auth/two-factor/start').expect(401);
  });

  it("should show another company's admin nothing of it, and let them change nothing", async () => {
    const enrolled = await enrolledAdmin();
    const other = await createCompanyWithAdmin();
    const otherBearer = await bearerFor(t, other.admin.email, other.password);

    const status = await t.request().get('/api/auth/two-factor').set('Authorization', otherBearer).expect(200);
    expect(status.body).toEqual({ enabled: false, enabledAt: null, recoveryCodesRemaining: 0 });
    // Their own password with the enrolled admin's recovery code: it is not theirs to use.
    const reply = await t
      .request()
      .delete('/api/auth/two-factor')
      .set('Authorization', otherBearer)
      .send({ password: other.password, code: enrolled.recoveryCodes[0] })
      .expect(409);
    expect(reply.body).toEqual({ message: twoFactorTexts.notEnabled });
    expect(await TwoFactorRecoveryCode.count({ where: { userId: enrolled.admin.id, usedAt: null } })).toBe(10);
    expect(await UserTwoFactor.count({ where: { companyId: other.company.id } })).toBe(0);
  });
});
