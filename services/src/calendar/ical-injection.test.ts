import ICAL from 'ical.js';
import { Company } from '@teamfolk/shared';
import { createCompanyWithAdmin, createInvitedEmployee } from '../testing/factories';
import { bearerFor, startTestApp, type TestApp } from '../testing/harness';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Text that, written as it is, would close the event and add properties and an event of its own. */
const injected = (label: string) =>
  `${label}\r\nX-INJECTED:1\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:forged-${label}\r\nSUMMARY:Forged; by, \\ ${label}\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nX-TAIL:1`;

function calendarOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const calendarName = ICAL.design.icalendar.value.text.fromICAL(
    String(calendar.getFirstPropertyValue('x-wr-calname') ?? ''),
  );
  const events = calendar.getAllSubcomponents('vevent').map((component) => ({
    uid: component.getFirstPropertyValue('uid'),
    summary: component.getFirstPropertyValue('summary'),
    description: component.getFirstPropertyValue('description'),
    properties: component.getAllProperties().map((property) => property.name),
  }));
  return { calendarName, events, calendarProperties: calendar.getAllProperties().map((property) => property.name) };
}

describe('text with line breaks and iCalendar syntax in a company name, a person name and a reason', () => {
  it('stays inside its own property in the export and in every secret feed', async () => {
    const { company, admin, password } = await createCompanyWithAdmin();
    // Names are refused with control characters now; rows written before keep theirs.
    await Company.update({ name: injected('company') }, { where: { id: company.id } });
    const { employee, token } = await createInvitedEmployee(t.db.sequelize, company, { name: 'Nina; Nobody, \\ Jr.' });
    await t.db.sequelize.query(`UPDATE employees SET name = :name WHERE id = :id`, {
      replacements: { name: injected('person'), id: employee.id },
    });
    await t.request().post('/api/auth/invitation/accept').send({ token, password: 's3cret' }).expect(200);
    const employeeAuth = await bearerFor(t, employee.email, 's3cret');
    const adminAuth = await bearerFor(t, admin.email, password);
    const leave = await t
      .request()
      .post('/api/leaves')
      .set('Authorization', employeeAuth)
      .send({
        start_date: '2027-03-01',
        end_date: '2027-03-02',
        request_type: 'vacation',
        leave_type: 'full_day',
        reason: injected('reason'),
      })
      .expect(201);
    await t
      .request()
      .put(`/api/leaves/${leave.body.id}/approve`)
      .set('Authorization', adminAuth)
      .send({ approved: true })
      .expect(200);
    expect(leave.body.employee_name).toBe(injected('person'));

    const exported = await t.request().get('/api/calendar/export/ical').set('Authorization', adminAuth).expect(200);
    const feedUrl = await t.request().get('/api/calendar/feed-url').set('Authorization', employeeAuth).expect(200);
    const feed = await t.request().get(new URL(feedUrl.body.url).pathname).expect(200);

    const lf = (text: string) => text.replaceAll('\r\n', '\n');
    for (const file of [exported.text, feed.text]) {
      expect(calendarOf(file)).toEqual({
        calendarName: lf(`${injected('company')} · who is out`),
        calendarProperties: ['version', 'prodid', 'name', 'x-wr-calname'],
        events: [
          {
            uid: `leave-${leave.body.id}@teamfolk`,
            summary: lf(`${injected('person')}: Vacation`),
            description: lf(injected('reason')),
            properties: [
              'uid',
              'sequence',
              'dtstamp',
              'dtstart',
              'dtend',
              'x-microsoft-cdo-alldayevent',
              'x-microsoft-msncalendar-alldayevent',
              'summary',
              'description',
            ],
          },
        ],
      });
    }
  });
});
