import { simpleParser } from 'mailparser';
import { composeMail, senderOf } from './compose';
import { renderMail } from './templates';

const rendered = renderMail({
  template: 'invitation',
  name: 'Zoë Ünal',
  companyName: 'Åsa & Söner <AB>',
  inviterName: 'Ada "the boss" Lovelace',
  link: 'http://teamfolk.test/invitation/abc',
});

describe('composeMail', () => {
  it('should write a message that mail readers parse back to the rendered subject, text and HTML', async () => {
    const raw = composeMail(
      senderOf('Teamfolk Bücher <no-reply@teamfolk.test>'),
      { to: 'zoe@example.com', messageId: '<invitation-7@teamfolk>', date: new Date('2026-11-21T10:00:00Z') },
      rendered,
    );
    const parsed = await simpleParser(raw);

    expect(parsed.subject).toBe(rendered.subject);
    expect(parsed.from?.value).toEqual([{ name: 'Teamfolk Bücher', address: 'no-reply@teamfolk.test' }]);
    expect(parsed.to).toMatchObject({ value: [{ address: 'zoe@example.com', name: '' }] });
    expect(parsed.messageId).toBe('<invitation-7@teamfolk>');
    expect(parsed.date?.toISOString()).toBe('2026-11-21T10:00:00.000Z');
    expect(parsed.text).toBe(rendered.text);
    expect(parsed.html).toBe(rendered.html);
    expect(parsed.attachments).toEqual([]);
  });

  it('should keep every line 7-bit and short enough for any mail server', () => {
    const raw = composeMail(
      senderOf('no-reply@teamfolk.test'),
      { to: 'zoe@example.com', messageId: '<m@teamfolk>' },
      { subject: `Ünïcode ${'long '.repeat(40)}`, text: `é${'x'.repeat(2_000)}\n`, html: `<p>${'ü'.repeat(500)}</p>` },
    );
    const lines = raw.split('\r\n');
    expect(lines.filter((line) => line.length > 78)).toEqual([]);
    expect(raw).toMatch(/^[\x20-\x7e\r\n\t]*$/);
    expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('should flatten line breaks in the subject instead of starting a header with them', async () => {
    const raw = composeMail(
      senderOf('no-reply@teamfolk.test'),
      { to: 'zoe@example.com', messageId: '<m@teamfolk>' },
      { subject: 'Hello\r\nBcc: victim@example.com', text: 'x', html: '<p>x</p>' },
    );
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe('Hello Bcc: victim@example.com');
    expect(parsed.bcc).toBeUndefined();
    const encoded = composeMail(
      senderOf('no-reply@teamfolk.test'),
      { to: 'zoe@example.com', messageId: '<m@teamfolk>' },
      { subject: 'Hellö\nBcc: victim@example.com', text: 'x', html: '<p>x</p>' },
    );
    expect((await simpleParser(encoded)).subject).toBe('Hellö Bcc: victim@example.com');
  });

  it('should quote a display name with special characters and leave a plain one as it is', () => {
    expect(senderOf('Teamfolk <no-reply@teamfolk.test>')).toEqual({
      header: 'Teamfolk <no-reply@teamfolk.test>',
      address: 'no-reply@teamfolk.test',
    });
    expect(senderOf('"Teamfolk, HR" <hr@teamfolk.test>').header).toBe('"Teamfolk, HR" <hr@teamfolk.test>');
    expect(senderOf('Teamfolk <no-reply@bücher.example>').address).toBe('no-reply@xn--bcher-kva.example');
    expect(() => senderOf('Teamfolk')).toThrow(/no address/);
  });
});
