import jwt from 'jsonwebtoken';
import { authTexts, EmailVerificationToken, firstLink, Invitation, Subscription, User } from '@teamfolk/shared';
import { activateSubscription, createCompanyWithAdmin, createInvitedEmployee, signupBody } from '../testing/factories';
import { createInvitation } from './invitations';
import { startTestApp, type TestApp } from '../testing/harness';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function mailTo(address: string) {
  await t.flushOutbox();
  return t.mail.waitFor((mail) => mail.to.includes(address));
}

function tokenFromLink(link: string | null): string {
  const token = link?.split('/').pop();
  if (!token) throw new Error(`no token in link ${link}`);
  return token;
}

describe('POST /api/auth/signup', () => {
  it('creates the company and an unverified admin and e-mails a verification link', async () => {
    const body = signupBody();
    const reply = await t.request().post('/api/auth/signup').send(body).expect(201);

    expect(reply.body).toEqual({ requiresVerification: true, message: authTexts.checkYourEmail });
    const admin = await User.findOne({ where: { email: body.email } });
    expect(admin).toMatchObject({ role: 'admin', name: 'Olivia Owner', emailVerifiedAt: null });
    const mail = await mailTo(body.email);
    expect(mail.subject).toBe('Verify your email address for Teamfolk');
    expect(firstLink(mail.text)).toMatch(/^http:\/\/teamfolk\.test\/verify-email\/[A-Za-z0-9_-]{43}$/);
  });

  it('refuses an e-mail that already has an account, whatever its case', async () => {
    const body = signupBody();
    await t.request().post('/api/auth/signup').send(body).expect(201);
    const reply = await t
      .request()
      .post('/api/auth/signup')
      .send({ ...body, email: body.email.toUpperCase() })
      .expect(409);
    expect(reply.body).toEqual({ message: authTexts.emailTaken, field: 'email' });
  });

  it.each([
    ['email', { email: undefined }, 'email is required'],
    ['password', { password: undefined }, 'password is required'],
    ['name', { name: '   ' }, 'name is required'],
    ['companyName', { companyName: undefined }, 'companyName is required'],
    ['email', { email: 'not-an-email' }, 'email must be a valid email address'],
    ['password', { password: 'x'.repeat(129) }, authTexts.passwordTooLong],
    ['companyName', { companyName: 42 }, 'companyName is required'],
  ])('answers 400 naming %s when it is missing or malformed', async (field, overrides, message) => {
    const reply = await t.request().post('/api/auth/signup').send(signupBody(overrides)).expect(400);
    expect(reply.body).toEqual({ message, field });
  });

  it('answers 400 to a body that is not JSON', async () => {
    const reply = await t
      .request()
      .post('/api/auth/signup')
      .set('Content-Type', 'application/json')
      .send('{"email": ')
      .expect(400);
    expect(reply.body).toEqual({ message: 'The request body is not valid JSON' });
  });

  it('signs the admin in at once when verification is turned off', async () => {
    const body = signupBody();
    const reply = await t
      .requestWith({ REQUIRE_EMAIL_VERIFICATION: 'false' })
      .post('/api/auth/signup')
      .send(body)
      .expect(201);
    expect(reply.body.token).toEqual(expect.any(String));
    expect(reply.body.user).toMatchObject({ role: 'admin', email: body.email, emailVerified: true });
  });
});

describe('GET /api/auth/verify-email/:token', () => {
  async function signUpAndReadLink() {
    const body = signupBody();
    await t.request().post('/api/auth/signup').send(body).expect(201);
    return { body, token: tokenFromLink(firstLink((await mailTo(body.email)).text)) };
  }

  it('verifies the address once, and the admin then appears verified', async () => {
    const { body, token } = await signUpAndReadLink();
    await t.request().get(`/api/auth/verify-email/${token}`).expect(200);

    const login = await t
      .request()
      .post('/api/auth/login')
      .send({ email: body.email, password: body.password })
      .expect(200);
    expect(login.body.user.emailVerified).toBe(true);

    const reused = await t.request().get(`/api/auth/verify-email/${token}`).expect(410);
    expect(reused.body).toEqual({ message: authTexts.verificationLinkUsed });
  });

  it('refuses an expired link', async () => {
    const { token } = await signUpAndReadLink();
    await EmailVerificationToken.update({ expiresAt: new Date(Date.now() - 1000) }, { where: { usedAt: null } });
    const reply = await t.request().get(`/api/auth/verify-email/${token}`).expect(410);
    expect(reply.body).toEqual({ message: authTexts.verificationLinkExpired });
  });

  it.each([
    ['unknown', 'A'.repeat(43)],
    ['malformed', 'not%20a%20token'],
  ])('refuses an %s token with 400', async (_kind, token) => {
    const reply = await t.request().get(`/api/auth/verify-email/${token}`).expect(400);
    expect(reply.body).toEqual({ message: authTexts.verificationLinkUnknown });
  });
});

describe('POST /api/auth/resend-verification', () => {
  it('sends a fresh working link to an unverified admin', async () => {
    const { admin } = await createCompanyWithAdmin({ verified: false });
    const reply = await t.request().post('/api/auth/resend-verification').send({ email: admin.email }).expect(200);
    expect(reply.body).toEqual({ message: authTexts.resendAccepted });

    const token = tokenFromLink(firstLink((await mailTo(admin.email)).text));
    await t.request().get(`/api/auth/verify-email/${token}`).expect(200);
    await admin.reload();
    expect(admin.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const email = 'nobody-here@example.com';
    const reply = await t.request().post('/api/auth/resend-verification').send({ email }).expect(200);
    expect(reply.body).toEqual({ message: authTexts.resendAccepted });
    await t.flushOutbox();
    expect(t.mail.messages().some((mail) => mail.to.includes(email))).toBe(false);
  });

  it('answers 400 to a malformed address', async () => {
    const reply = await t.request().post('/api/auth/resend-verification').send({ email: 'nope' }).expect(400);
    expect(reply.body.field).toBe('email');
  });
});

describe('POST /api/auth/login', () => {
  it('signs in an unverified admin, who sees the verification state', async () => {
    const { admin, password, company } = await createCompanyWithAdmin({ verified: false });
    const reply = await t
      .request()
      .post('/api/auth/login')
      .send({ email: admin.email.toUpperCase(), password })
      .expect(200);
    expect(reply.body.user).toEqual({
      id: admin.id,
      role: 'admin',
      employeeName: 'Ada Admin',
      email: admin.email,
      emailVerified: false,
      companyName: company.name,
      subscriptionExpired: false,
      approvesTeams: [],
    });
  });

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const { admin } = await createCompanyWithAdmin();
    const wrongPassword = await t
      .request()
      .post('/api/auth/login')
      .send({ email: admin.email, password: 'wrong' })
      .expect(401);
    const unknown = await t
      .request()
      .post('/api/auth/login')
      .send({ email: 'ghost@example.com', password: 'wrong' })
      .expect(401);
    expect(wrongPassword.body).toEqual({ message: authTexts.invalidCredentials });
    expect(unknown.body).toEqual(wrongPassword.body);
  });

  it.each([
    ['email', {}],
    ['password', { email: 'someone@example.com' }],
  ])('answers 400 naming the missing %s', async (field, body) => {
    const reply = await t.request().post('/api/auth/login').send(body).expect(400);
    expect(reply.body).toEqual({ message: `${field} is required`, field });
  });
});

describe('GET /api/auth/me', () => {
  async function adminToken() {
    const { admin, password } = await createCompanyWithAdmin();
    const reply = await t.request().post('/api/auth/login').send({ email: admin.email, password }).expect(200);
    return { admin, token: reply.body.token as string };
  }

  it('returns the signed-in admin', async () => {
    const { admin, token } = await adminToken();
    const reply = await t.request().get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(200);
    expect(reply.body).toMatchObject({ id: admin.id, role: 'admin', emailVerified: true });
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it("says whether the company's subscription has ended, as sign-in does, so screens can show it", async () => {
    const { admin, password, company } = await createCompanyWithAdmin();
    const signIn = () => t.request().post('/api/auth/login').send({ email: admin.email, password }).expect(200);
    const me = (token: string) => t.request().get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(200);

    const { body: withoutSubscription } = await signIn();
    expect(withoutSubscription.user.subscriptionExpired).toBe(false);
    await activateSubscription(company);
    expect((await me(withoutSubscription.token)).body.subscriptionExpired).toBe(false);

    const yesterday = new Date(Date.now() - 24 * 3600 * 1000);
    await Subscription.update(
      { status: 'canceled', currentPeriodEnd: yesterday, endedAt: yesterday },
      { where: { companyId: company.id } },
    );
    expect((await me(withoutSubscription.token)).body.subscriptionExpired).toBe(true);
    expect((await signIn()).body.user.subscriptionExpired).toBe(true);
  });

  it('refuses a missing, forged, unsigned, expired or revoked token', async () => {
    const { admin, token } = await adminToken();
    const claims = { cid: admin.companyId, role: 'admin', ver: 0 };
    const options = { subject: String(admin.id), issuer: 'teamfolk', audience: 'teamfolk-console' };
    const forged = jwt.sign(claims, 'another secret that is long enough!!', { ...options, expiresIn: 600 });
    const unsigned = jwt.sign(claims, '', { ...options, algorithm: 'none' });
    const expired = jwt.sign(claims, t.config.JWT_SECRET, { ...options, expiresIn: -10 });
    const wrongAudience = jwt.sign(claims, t.config.JWT_SECRET, { ...options, audience: 'elsewhere', expiresIn: 600 });

    await t.request().get('/api/auth/me').expect(401);
    for (const bad of ['garbage', forged, unsigned, expired, wrongAudience]) {
      await t.request().get('/api/auth/me').set('Authorization', `Bearer ${bad}`).expect(401);
    }
    await User.increment('tokenVersion', { where: { id: admin.id } });
    const revoked = await t.request().get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(401);
    expect(revoked.body).toEqual({ message: authTexts.sessionExpired });
  });
});

describe('invitations', () => {
  it('shows the invitation, creates the employee account and signs it in with its balances', async () => {
    const { company } = await createCompanyWithAdmin();
    const { employee, token } = await createInvitedEmployee(t.db.sequelize, company, { name: 'Erin Example' });

    const preview = await t.request().get(`/api/auth/invitation/${token}`).expect(200);
    expect(preview.body).toEqual({ name: 'Erin Example', email: employee.email });

    const accepted = await t
      .request()
      .post('/api/auth/invitation/accept')
      .send({ token, password: 's3cret' })
      .expect(200);
    expect(accepted.body.user).toEqual({
      id: expect.any(Number),
      role: 'employee',
      employeeName: 'Erin Example',
      email: employee.email,
      emailVerified: true,
      companyName: company.name,
      vacationDaysTotal: 25,
      vacationDaysUsed: 5,
      vacationDaysRemaining: 20,
      sickDaysTotal: 10,
      sickDaysUsed: 0,
      sickDaysRemaining: 10,
      bankHoursTotal: 12.5,
      bankHoursUsed: 0,
      bankHoursRemaining: 12.5,
      subscriptionExpired: false,
      approvesTeams: [],
    });
    const me = await t.request().get('/api/auth/me').set('Authorization', `Bearer ${accepted.body.token}`).expect(200);
    expect(me.body).toEqual(accepted.body.user);

    const login = await t
      .request()
      .post('/api/auth/login')
      .send({ email: employee.email, password: 's3cret' })
      .expect(200);
    expect(login.body.user.role).toBe('employee');
  });

  it('e-mails the invitation with a link to the console', async () => {
    const { company } = await createCompanyWithAdmin();
    const { employee, token } = await createInvitedEmployee(t.db.sequelize, company);
    const mail = await mailTo(employee.email);
    expect(mail.subject).toBe(`You're invited to join ${company.name} on Teamfolk`);
    expect(firstLink(mail.text)).toBe(`http://teamfolk.test/invitation/${token}`);
  });

  it('accepts a link once', async () => {
    const { company } = await createCompanyWithAdmin();
    const { token } = await createInvitedEmployee(t.db.sequelize, company);
    await t.request().post('/api/auth/invitation/accept').send({ token, password: 's3cret' }).expect(200);

    const again = await t.request().post('/api/auth/invitation/accept').send({ token, password: 's3cret' }).expect(410);
    expect(again.body).toEqual({ message: authTexts.invitationAlreadyAccepted });
    await t.request().get(`/api/auth/invitation/${token}`).expect(410);
  });

  it('refuses unknown, malformed, expired and superseded links', async () => {
    const { company } = await createCompanyWithAdmin();
    const { employee, token: first } = await createInvitedEmployee(t.db.sequelize, company);
    await t
      .request()
      .get(`/api/auth/invitation/${'B'.repeat(43)}`)
      .expect(404);
    const malformed = await t.request().get('/api/auth/invitation/short').expect(400);
    expect(malformed.body).toEqual({ message: authTexts.invalidInvitation });

    const { token: second } = await createInvitedEmployee(t.db.sequelize, company, { email: 'other@example.com' });
    await Invitation.update({ expiresAt: new Date(Date.now() - 1000) }, { where: { email: 'other@example.com' } });
    await t.request().get(`/api/auth/invitation/${second}`).expect(404);

    await t.db.sequelize.transaction(async (transaction) => {
      await createInvitation(transaction, {
        employee,
        companyName: company.name,
        inviterName: 'Ada',
        appUrl: 'http://teamfolk.test',
      });
    });
    const superseded = await t
      .request()
      .post('/api/auth/invitation/accept')
      .send({ token: first, password: 's3cret' })
      .expect(404);
    expect(superseded.body).toEqual({ message: authTexts.invalidInvitation });
  });

  it('applies the 6-character rule and names missing fields', async () => {
    const { company } = await createCompanyWithAdmin();
    const { token } = await createInvitedEmployee(t.db.sequelize, company);
    const short = await t.request().post('/api/auth/invitation/accept').send({ token, password: '12345' }).expect(400);
    expect(short.body).toEqual({ message: authTexts.invitationPasswordTooShort, field: 'password' });
    const missing = await t.request().post('/api/auth/invitation/accept').send({ password: 's3cret' }).expect(400);
    expect(missing.body).toEqual({ message: 'token is required', field: 'token' });
  });

  it('refuses an invitation whose address already has an account', async () => {
    const { company, admin } = await createCompanyWithAdmin();
    const { token } = await createInvitedEmployee(t.db.sequelize, company, { email: admin.email });
    const reply = await t.request().post('/api/auth/invitation/accept').send({ token, password: 's3cret' }).expect(409);
    expect(reply.body).toEqual({ message: authTexts.emailTaken, field: 'email' });
  });
});

describe('the API surface', () => {
  it('answers unknown API routes with a JSON 404', async () => {
    const reply = await t.request().get('/api/nothing-here').expect(404);
    expect(reply.body).toEqual({ message: 'Not found' });
  });

  it('is alive and ready while Postgres and Redis answer', async () => {
    await t.request().get('/healthz').expect(200);
    const ready = await t.request().get('/readyz').expect(200);
    expect(ready.body).toEqual({ status: 'ready', postgres: 'up', redis: 'up' });
  });

  it('shows captured development mail newest first', async () => {
    const first = signupBody();
    const second = signupBody();
    await t.request().post('/api/auth/signup').send(first).expect(201);
    await mailTo(first.email);
    await t.request().post('/api/auth/signup').send(second).expect(201);
    await mailTo(second.email);
    const reply = await t.request().get('/dev/mail').expect(200);
    const recipients = reply.body.map((mail: { to: string[] }) => mail.to[0]);
    expect(recipients.indexOf(second.email)).toBeLessThan(recipients.indexOf(first.email));
    expect(reply.body[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        subject: expect.any(String),
        text: expect.any(String),
        html: expect.any(String),
        receivedAt: expect.any(String),
      }),
    );
  });
});
