import { dictionary } from '@zxcvbn-ts/language-common';
import { authTexts, User } from '@teamfolk/shared';
import { createCompanyWithAdmin, createInvitedEmployee } from '../testing/factories';
import { startTestApp, type TestApp } from '../testing/harness';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const unique = () => Math.random().toString(36).slice(2);

function signUp(password: string, email = `owner-${unique()}@example.com`) {
  return t.request().post('/api/auth/signup').send({
    email,
    password,
    name: 'Pat Policy',
    companyName: 'Policy & Co',
  });
}

async function acceptInvitation(password: string) {
  const { company } = await createCompanyWithAdmin();
  const { employee, token } = await createInvitedEmployee(t.db.sequelize, company);
  const reply = await t.request().post('/api/auth/invitation/accept').send({ token, password });
  return { reply, employee };
}

const commonList = dictionary['passwords-common'];
const refusedCount = 3000;
/** The first entry past the refused ones that is not a case variant of a refused one. */
function firstAllowedAfter(minLength: number): string {
  const refused = new Set(commonList.slice(0, refusedCount).map((entry) => entry.toLowerCase()));
  const found = commonList.slice(refusedCount).find((entry) => entry.length >= minLength && !refused.has(entry));
  if (!found) throw new Error('no entry of that length after the refused ones');
  return found;
}

describe('the password chosen at sign-up', () => {
  it('needs at least 8 characters and nothing else: no digits, capitals or symbols required', async () => {
    const short = await signUp('seven c').expect(400);
    expect(short.body).toEqual({ message: authTexts.passwordTooShort, field: 'password' });
    expect(authTexts.passwordTooShort).toBe('Password must be at least 8 characters long');

    await signUp('eight ch').expect(201);
    await signUp('just some lowercase words').expect(201);
  });

  it('is stored only as an argon2id hash of at least 19 MiB, 2 passes, 1 lane', async () => {
    const email = `hashed-${unique()}@example.com`;
    await signUp('a passphrase to hash', email).expect(201);
    const { passwordHash } = await User.findOne({ where: { email }, rejectOnEmpty: true });
    expect(passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$[^$]+\$[^$]+$/);
    expect(passwordHash).not.toContain('a passphrase to hash');
  });

  it('may be as long as 128 characters, and is refused beyond with a clear message', async () => {
    await signUp('x'.repeat(128)).expect(201);
    const tooLong = await signUp('x'.repeat(129)).expect(400);
    expect(tooLong.body).toEqual({ message: 'Password must be at most 128 characters long', field: 'password' });
  });

  it('is refused when it is one of the 3,000 most common passwords, whatever its case', async () => {
    const email = `common-${unique()}@example.com`;
    for (const common of ['password', 'PASSWORD', 'Password1', 'qwerty123', 'iloveyou']) {
      const reply = await signUp(common, email).expect(400);
      expect(reply.body).toEqual({
        message: 'This password is too common. Please choose another one.',
        field: 'password',
      });
    }
    expect(await User.count({ where: { email } })).toBe(0);
  });

  it('draws the line at the 3,000th entry of the frequency-ordered list', async () => {
    const lastRefused = commonList.slice(0, refusedCount).findLast((entry) => entry.length >= 8);
    expect(lastRefused).toBeDefined();
    const reply = await signUp(lastRefused!).expect(400);
    expect(reply.body.message).toBe(authTexts.passwordTooCommon);

    await signUp(firstAllowedAfter(8)).expect(201);
  });
});

describe('the password chosen when accepting an invitation', () => {
  it('needs the spec’s 6 characters, and signs the person in with it', async () => {
    const short = await acceptInvitation('tulip');
    expect(short.reply.status).toBe(400);
    expect(short.reply.body).toEqual({ message: 'Password must be at least 6 characters long', field: 'password' });

    const accepted = await acceptInvitation('tulip9');
    expect(accepted.reply.status).toBe(200);
    await t.request().post('/api/auth/login').send({ email: accepted.employee.email, password: 'tulip9' }).expect(200);
  });

  it('is refused when it is common, and the invitation stays open for a better one', async () => {
    const { company } = await createCompanyWithAdmin();
    const { token } = await createInvitedEmployee(t.db.sequelize, company);
    for (const common of ['123456', 'Dragon', 'letmein']) {
      const reply = await t.request().post('/api/auth/invitation/accept').send({ token, password: common }).expect(400);
      expect(reply.body).toEqual({ message: authTexts.passwordTooCommon, field: 'password' });
    }
    await t.request().post('/api/auth/invitation/accept').send({ token, password: 'quiet harbour' }).expect(200);
  });

  it('may be as long as 128 characters, not longer', async () => {
    expect((await acceptInvitation('y'.repeat(128))).reply.status).toBe(200);
    const tooLong = await acceptInvitation('y'.repeat(129));
    expect(tooLong.reply.status).toBe(400);
    expect(tooLong.reply.body).toEqual({ message: authTexts.passwordTooLong, field: 'password' });
  });
});
