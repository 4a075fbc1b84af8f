import { calendarTexts, Company, User } from '@teamfolk/shared';
import { signupBody } from '../testing/factories';
import { startTestApp, type TestApp } from '../testing/harness';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ config: { REQUIRE_EMAIL_VERIFICATION: 'false' } });
});
afterAll(async () => {
  await t.close();
});

async function signUp(overrides: Record<string, unknown>) {
  const reply = await t.request().post('/api/auth/signup').send(signupBody(overrides)).expect(201);
  const auth = `Bearer ${reply.body.token as string}`;
  const settings = await t.request().get('/api/calendar/settings').set('Authorization', auth).expect(200);
  return settings.body as { country: string | null; region: string | null; timeZone: string };
}

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

describe("the company's time zone and country from the admin's browser at sign-up", () => {
  it('become the calendar settings', async () => {
    expect(await signUp({ timeZone: 'America/New_York', country: 'US' })).toEqual({
      country: 'US',
      region: null,
      timeZone: 'America/New_York',
    });
  });

  it('keep the time zone as the browser names it, aliases included', async () => {
    expect(await signUp({ timeZone: 'Asia/Saigon' })).toMatchObject({ timeZone: 'Asia/Saigon', country: null });
  });

  it('are optional: UTC and no country without them', async () => {
    expect(await signUp({})).toEqual({ country: null, region: null, timeZone: 'UTC' });
  });

  it.each([
    ['timeZone', { timeZone: 'Mars/Base' }, 'timeZone must be an IANA time zone, e.g. Europe/Berlin'],
    ['timeZone', { timeZone: 42 }, 'timeZone must be an IANA time zone, e.g. Europe/Berlin'],
    ['country', { country: 'usa' }, 'country must be a two-letter country code, e.g. DE'],
    ['country', { country: 'XX' }, calendarTexts.unknownCountry],
  ])('refuses a %s that is not one (%j) with a 400 naming it, creating nothing', async (field, overrides, message) => {
    const body = signupBody(overrides);
    const reply = await t.request().post('/api/auth/signup').send(body).expect(400);
    expect(reply.body).toEqual({ field, message });
    expect(await User.count({ where: { email: body.email } })).toBe(0);
  });
});
