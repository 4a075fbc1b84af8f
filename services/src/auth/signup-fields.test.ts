import { Company, User } from '@teamfolk/shared';
import { startTestApp, type TestApp } from '../testing/harness';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ config: { REQUIRE_EMAIL_VERIFICATION: 'false' } });
});
afterAll(async () => {
  await t.close();
});

const signupBody = (overrides: Record<string, unknown> = {}) => ({
  email: `owner-${Math.random().toString(36).slice(2)}@example.com`,
  password: 'a long enough password',
  name: 'Olivia Owner',
  companyName: 'Owner & Sons',
  ...overrides,
});

describe('names at sign-up', () => {
  it.each([
    ['companyName', 'Acme\r\nX-INJECTED:1'],
    ['companyName', 'Acme\u0007 Bell'],
    ['companyName', 'Acme\u2028Line'],
    ['name', 'Olivia\nOwner'],
    ['name', 'Olivia\u001bOwner'],
    ['name', 'Olivia\u0085Owner'],
    ['name', 'Olivia\tOwner'],
  ])('refuses a %s holding a control character or a line break (%j) with a 400 naming it', async (field, value) => {
    const body = signupBody({ [field]: value });
    const reply = await t.request().post('/api/auth/signup').send(body).expect(400);
    expect(reply.body).toEqual({ field, message: `${field} must not contain control characters or line breaks` });
    expect(await User.count({ where: { email: body.email } })).toBe(0);
  });

  it('keeps names in any script, with punctuation and emoji', async () => {
    const body = signupBody({ companyName: 'Ærø Bikes; “Ltd”, 株式会社 👩‍👩‍👧', name: "Zoë O'Brien-Łukasiewicz" });
    await t.request().post('/api/auth/signup').send(body).expect(201);
    const admin = await User.findOne({ where: { email: body.email }, rejectOnEmpty: true });
    expect(admin.name).toBe("Zoë O'Brien-Łukasiewicz");
    expect((await Company.findByPk(admin.companyId, { rejectOnEmpty: true })).name).toBe(body.companyName);
  });
});
