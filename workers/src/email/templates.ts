import type { MailContent } from '@teamfolk/shared';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function layout(paragraphs: string[], action: { label: string; url: string }, footnote: string): string {
  const body = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n');
  return `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px">
<p style="font-size:20px;font-weight:600;color:#1565c0">Teamfolk</p>
${body}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1565c0;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(footnote)}<br>${escapeHtml(action.url)}</p>
</body></html>`;
}

export function renderMail(mail: MailContent): RenderedMail {
  switch (mail.template) {
    case 'verify-email': {
      const lines = [
        `Hello ${mail.name},`,
        `Welcome to Teamfolk! Please confirm your email address to finish setting up ${mail.companyName}.`,
      ];
      const footnote = 'The link is valid for 7 days. If you did not sign up, ignore this email.';
      return {
        subject: 'Verify your email address for Teamfolk',
        text: `${lines.join('\n\n')}\n\nVerify your email: ${mail.link}\n\n${footnote}\n`,
        html: layout(lines, { label: 'Verify email address', url: mail.link }, footnote),
      };
    }
    case 'invitation': {
      const lines = [
        `Hello ${mail.name},`,
        `${mail.inviterName} invited you to join ${mail.companyName} on Teamfolk, where you can see your leave balances, ask for time off and see who is out.`,
      ];
      const footnote = 'The invitation is valid for 7 days.';
      return {
        subject: `You're invited to join ${mail.companyName} on Teamfolk`,
        text: `${lines.join('\n\n')}\n\nCreate your account: ${mail.link}\n\n${footnote}\n`,
        html: layout(lines, { label: 'Create your account', url: mail.link }, footnote),
      };
    }
    case 'leave-submitted': {
      const lines = [
        `Hello ${mail.name},`,
        `${mail.employeeName} asked for leave: ${mail.summary}.`,
        `Reason: ${mail.reason ?? 'No reason provided'}`,
      ];
      const footnote = 'Approve or reject it with one click in Teamfolk.';
      return {
        subject: `Leave request from ${mail.employeeName}`,
        text: `${lines.join('\n\n')}\n\nReview it: ${mail.link}\n\n${footnote}\n`,
        html: layout(lines, { label: 'Review the request', url: mail.link }, footnote),
      };
    }
    case 'leave-decided': {
      const lines = [`Hello ${mail.name},`, `Your leave request (${mail.summary}) was ${mail.decision}.`];
      const footnote = 'Your balances and requests are always up to date in Teamfolk.';
      return {
        subject: `Your leave request was ${mail.decision}`,
        text: `${lines.join('\n\n')}\n\nSee your requests: ${mail.link}\n\n${footnote}\n`,
        html: layout(lines, { label: 'See your requests', url: mail.link }, footnote),
      };
    }
  }
}
