import jwt from 'jsonwebtoken';
import { AuditEntry, authTexts, SESSION_TOKEN_HEADER, twoFactorTexts, User } from '@teamfolk/shared';
import { createCompanyWithAdmin, createInvitedEmployee } from '../testing/factories';
import { bearerFor, startTestApp, type TestApp } from '../testing/harness';

// Every password change and sign-in hashes or checks a password (argon2id): slow on a busy machine.
jest.setTimeout(30_000);

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const NEW_PASSWORD = 'a brand new passphrase';

function changePassword(bearer: string, body: object) {
  return t.request().put('/api/auth/password').set('Authorization', bearer).send(body);
}

describe('PUT /api/auth/password', () => {
  it('should store the new password, end every other session and keep this tab signed in', async () => {
    const { admin, password } = await createCompanyWithAdmin();
    const bearer = await bearerFor(t, admin.email, password);
    const otherDevice = await bearerFor(t, admin.email, password);

    const reply = await changePassword(bearer, { currentPassword: password, newPassword: NEW_PASSWORD }).expect(200);
    expect(reply.body).toEqual({
      message: twoFactorTexts.passwordChanged,
      token: expect.any(String),
      user: expect.objectContaining({ id: admin.id, email: admin.email }),
    });

    for (const old of [bearer, otherDevice]) {
      const refused = await t.request().get('/api/auth/me').set('Authorization', old).expect(401);
      expect(refused.body).toEqual({ message: authTexts.sessionExpired });
    }
    await t
      .request()
      .get('/api/auth/me')
      .set('Authorization', `Bearer ${reply.body.token as string}`)
      .expect(200);

    await t.request().post('/api/auth/login').send({ email: admin.email, password }).expect(401);
    await bearerFor(t, admin.email, NEW_PASSWORD);

    const audit = await AuditEntry.findOne({ where: { action: 'user.password_changed', entityId: String(admin.id) } });
    expect(audit).toMatchObject({ companyId: admin.companyId, actorUserId: admin.id });
    expect(JSON.stringify(audit?.after)).not.toMatch(/argon2|passphrase/);
  });

  it('should not hand back a renewal of the session it has just ended', async () => {
    const { admin, password } = await createCompanyWithAdmin();
    const bearer = await bearerFor(t, admin.email, password);
    // A token two minutes old: requireAuth renews such a token on the way in.
    const claims = jwt.decode(bearer.slice('Bearer '.length)) as jwt.JwtPayload;
    const older = `Bearer ${jwt.sign({ ...claims, iat: claims.iat! - 120, exp: claims.exp! - 120 }, t.config.JWT_SECRET)}`;
    const me = await t.request().get('/api/auth/me').set('Authorization', older).expect(200);
    expect(me.headers[SESSION_TOKEN_HEADER.toLowerCase()]).toEqual(expect.any(String));

    const reply = await changePassword(older, { currentPassword: password, newPassword: NEW_PASSWORD }).expect(200);
    expect(reply.headers[SESSION_TOKEN_HEADER.toLowerCase()]).toBeUndefined();
    await t
      .request()
      .get('/api/auth/me')
      .set('Authorization', `Bearer ${reply.body.token as string}`)
      .expect(200);
  });

  it('should refuse a wrong current password with 400 and leave everything as it was', async () => {
    const { admin, password } = await createCompanyWithAdmin();
    const bearer = await bearerFor(t, admin.email, password);
    const before = await User.findByPk(admin.id, { rejectOnEmpty: true });

    const reply = await changePassword(bearer, {
      currentPassword: 'not the password',
      newPassword: NEW_PASSWORD,
    }).expect(400);
    expect(reply.body).toEqual({ message: twoFactorTexts.wrongCurrentPassword, field: 'currentPassword' });

    const after = await User.findByPk(admin.id, { rejectOnEmpty: true });
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.tokenVersion).toBe(before.tokenVersion);
    await t.request().get('/api/auth/me').set('Authorization', bearer).expect(200);
  });

  it.each([
    [{ newPassword: NEW_PASSWORD }, 'currentPassword', 'currentPassword is required'],
    [{ currentPassword: 'x' }, 'newPassword', 'newPassword is required'],
    [{ currentPassword: 'x', newPassword: 'short' }, 'newPassword', authTexts.passwordTooShort],
    [{ currentPassword: 'x', newPassword: 'y'.repeat(129) }, 'newPassword', authTexts.passwordTooLong],
  ])('should apply the sign-up password rules (%j)', async (body, field, message) => {
    const { admin, password } = await createCompanyWithAdmin();
    const bearer = await bearerFor(t, admin.email, password);
    const reply = await changePassword(bearer, body).expect(400);
    expect(reply.body).toEqual({ message, field });
  });

  it('should refuse one of the most common passwords', async () => {
    const { admin, password } = await createCompanyWithAdmin();
    const bearer = await bearerFor(t, admin.email, password);
    const reply = await changePassword(bearer, { currentPassword: password, newPassword: 'Password1' }).expect(400);
    expect(reply.body).toEqual({ message: authTexts.passwordTooCommon, field: 'newPassword' });
    await t.request().get('/api/auth/me').set('Authorization', bearer).expect(200);
  });

  it('should refuse the current password as the new one', async () => {
    const { admin, password } = await createCompanyWithAdmin();
    const bearer = await bearerFor(t, admin.email, password);
    const reply = await changePassword(bearer, { currentPassword: password, newPassword: password }).expect(400);
    expect(reply.body).toEqual({ message: twoFactorTexts.samePassword, field: 'newPassword' });
  });

  it('should let an employee change their own password too', async () => {
    const { company } = await createCompanyWithAdmin();
    const { token } = await createInvitedEmployee(t.db.sequelize, company);
    const accepted = await t
      .request()
      .post('/api/auth/invitation/accept')
      .send({ token, password: 'employee password' })
      .expect(200);
    const bearer = `Bearer ${accepted.body.token as string}`;

    await changePassword(bearer, { currentPassword: 'employee password', newPassword: NEW_PASSWORD }).expect(200);
    await t.request().get('/api/auth/me').set('Authorization', bearer).expect(401);
    await bearerFor(t, accepted.body.user.email as string, NEW_PASSWORD);
  });

  it('should refuse callers who are not signed in', async () => {
    await t.request().put('/api/auth/password').send({ currentPassword: 'x', newPassword: NEW_PASSWORD }).expect(401);
  });
});
