import ICAL from 'ical.js';
import { Company, User } from '@teamfolk/shared';
import { createInvitedEmployee } from '../testing/factories';
import { bearerFor, startTestApp, type TestApp } from '../testing/harness';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ config: { REQUIRE_EMAIL_VERIFICATION: 'false' } });
});
afterAll(async () => {
  await t.close();
});

/** A company signed up from a browser in `timeZone`, with one approved partial day on 12 January 2027, 13:00 to 15:30. */
async function companyWithPartialDay(timeZone: string) {
  const email = `owner-${Math.random().toString(36).slice(2)}@example.com`;
  const signup = await t
    .request()
    .post('/api/auth/signup')
    .send({ email, password: 'a long enough password', name: 'Olivia Owner', companyName: 'Zoned', timeZone })
    .expect(201);
  const admin = `Bearer ${signup.body.token as string}`;
  const { companyId } = await User.findOne({ where: { email }, rejectOnEmpty: true });
  const company = await Company.findByPk(companyId, { rejectOnEmpty: true });
  const { employee, token } = await createInvitedEmployee(t.db.sequelize, company, { name: 'Pat Partial' });
  await t.request().post('/api/auth/invitation/accept').send({ token, password: 's3cret' }).expect(200);
  const leave = await t
    .request()
    .post('/api/leaves')
    .set('Authorization', await bearerFor(t, employee.email, 's3cret'))
    .send({
      start_date: '2027-01-12',
      end_date: '2027-01-12',
      request_type: 'other',
      leave_type: 'partial_day',
      start_time: '13:00',
      end_time: '15:30',
    })
    .expect(201);
  await t
    .request()
    .put(`/api/leaves/${leave.body.id}/approve`)
    .set('Authorization', admin)
    .send({ approved: true })
    .expect(200);
  return admin;
}

describe("partial days in the time zone of the admin's browser at sign-up", () => {
  it('go to iCal at their wall-clock time with TZID and VTIMEZONE, and to Google Calendar with ctz', async () => {
    const admin = await companyWithPartialDay('America/New_York');

    const file = await t.request().get('/api/calendar/export/ical').set('Authorization', admin).expect(200);
    expect(file.text).toContain('DTSTART;TZID=America/New_York:20270112T130000\r\n');
    expect(file.text).toContain('DTEND;TZID=America/New_York:20270112T153000\r\n');
    const calendar = new ICAL.Component(ICAL.parse(file.text));
    const vtimezone = calendar.getFirstSubcomponent('vtimezone')!;
    expect(vtimezone.getFirstPropertyValue('tzid')).toBe('America/New_York');
    ICAL.TimezoneService.register(vtimezone);
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-01-12T18:00:00.000Z');

    const google = await t.request().get('/api/calendar/export/google').set('Authorization', admin).expect(200);
    const link = new URL(google.body.urls[0]);
    expect(link.searchParams.get('dates')).toBe('20270112T130000/20270112T153000');
    expect(link.searchParams.get('ctz')).toBe('America/New_York');
  });

  it('name the zone by its IANA name in Google links too when the browser used an old alias', async () => {
    const admin = await companyWithPartialDay('Asia/Calcutta');
    const google = await t.request().get('/api/calendar/export/google').set('Authorization', admin).expect(200);
    expect(new URL(google.body.urls[0]).searchParams.get('ctz')).toBe('Asia/Kolkata');
  });
});
