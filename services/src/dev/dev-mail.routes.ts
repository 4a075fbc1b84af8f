import { Router } from 'express';
import type { MailSink } from '@teamfolk/shared';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const linkify = (escaped: string) => escaped.replace(/https?:\/\/[^\s<&]+/g, (url) => `<a href="${url}">${url}</a>`);

/** Development only: the mail the embedded SMTP sink captured, as JSON and as a small page. */
export function devMailRoutes(sink: MailSink): Router {
  const router = Router();
  router.get('/mail', (_req, res) => {
    res.json(sink.messages());
  });
  router.get('/mail/view', (_req, res) => {
    const items = sink
      .messages()
      .map(
        (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p><strong>To:</strong> ${escapeHtml(mail.to.join(', '))} · <time>${mail.receivedAt}</time></p>
  <pre>${linkify(escapeHtml(mail.text))}</pre>
</article>`,
      )
      .join('\n');
    res.type('html').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Teamfolk · development mail</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ddd;padding:1rem 0}pre{white-space:pre-wrap}</style>
</head><body><h1>Development mail</h1>${items || '<p>No mail yet. Sign up or invite someone, then reload.</p>'}</body></html>`);
  });
  return router;
}
