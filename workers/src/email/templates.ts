import type { MailContent } from '@teamfolk/shared';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** 'December 2026' of '2026-12-01'. */
const monthName = (billingDate: string) =>
  new Date(`${billingDate.slice(0, 7)}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** 'December 21, 2026' of '2026-12-21'. */
const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

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
        ...(mail.routedBecause ? [`You are receiving it because ${mail.routedBecause}.`] : []),
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
    case 'time-credit-submitted': {
      const lines = [
        `Hello ${mail.name},`,
        `${mail.employeeName} logged extra hours: ${mail.summary}.`,
        `Reason: ${mail.reason}`,
      ];
      const footnote = 'Approved hours go into their hours bank.';
      return {
        subject: `Extra hours from ${mail.employeeName}`,
        text: `${lines.join('\n\n')}\n\nReview them: ${mail.link}\n\n${footnote}\n`,
        html: layout(lines, { label: 'Review the hours', url: mail.link }, footnote),
      };
    }
    case 'time-credit-decided': {
      const lines = [`Hello ${mail.name},`, `Your extra hours (${mail.summary}) were ${mail.decision}.`];
      const footnote = 'Your hours bank is always up to date in Teamfolk.';
      return {
        subject: `Your extra hours were ${mail.decision}`,
        text: `${lines.join('\n\n')}\n\nSee your hours: ${mail.link}\n\n${footnote}\n`,
        html: layout(lines, { label: 'See your hours', url: mail.link }, footnote),
      };
    }
    case 'payment-failed': {
      const lines = [
        `Hello ${mail.name},`,
        `We could not collect the payment of ${dollars(mail.amountDue)} for ${mail.companyName}'s Teamfolk subscription (${monthName(mail.billingDate)}).`,
        'Please check the card on file or add another one. We will try the payment again.',
      ];
      const footnote = 'Your team keeps using Teamfolk while the payment is retried.';
      return {
        subject: 'Your Teamfolk payment failed',
        text: `${lines.join('\n\n')}\n\nUpdate your payment method: ${mail.link}\n\n${footnote}\n`,
        html: layout(lines, { label: 'Update payment method', url: mail.link }, footnote),
      };
    }
    case 'subscription-canceled': {
      const lines = mail.ended
        ? [
            `Hello ${mail.name},`,
            `The Teamfolk subscription of ${mail.companyName} ended on ${longDate(mail.endsAt)}. Access to employees, leave and the calendar is closed.`,
            'Your data is kept for 30 days: subscribe again within that time to pick up where you left off.',
          ]
        : [
            `Hello ${mail.name},`,
            `The Teamfolk subscription of ${mail.companyName} is canceled and ends on ${longDate(mail.endsAt)}. Your team keeps full access until then, and nothing more is charged.`,
            'Changed your mind? Reactivate the subscription from the billing page before that date.',
          ];
      const footnote = 'Data is deleted 30 days after a subscription ends, as our terms say.';
      return {
        subject: mail.ended ? 'Your Teamfolk subscription has ended' : 'Your Teamfolk subscription is canceled',
        text: `${lines.join('\n\n')}\n\nBilling: ${mail.link}\n\n${footnote}\n`,
        html: layout(lines, { label: 'Open billing', url: mail.link }, footnote),
      };
    }
    case 'data-deletion-notice': {
      const lines = [
        `Hello ${mail.name},`,
        `The Teamfolk subscription of ${mail.companyName} has ended. On ${longDate(mail.deletionDate)} we will permanently delete the company's data: employees, accounts, leave requests and calendars.`,
        'To keep it, subscribe again before that date. Billing records the law requires us to keep are kept, without personal data.',
      ];
      const footnote =
        "Until then an admin can download a copy of the company's data from the account page in Teamfolk.";
      return {
        subject: `Your Teamfolk data will be deleted on ${longDate(mail.deletionDate)}`,
        text: `${lines.join('\n\n')}\n\nSubscribe again: ${mail.link}\n\n${footnote}\n`,
        html: layout(lines, { label: 'Subscribe again', url: mail.link }, footnote),
      };
    }
    case 'data-export-ready': {
      const what = mail.scope === 'company' ? "your company's data" : 'your data';
      const lines = [
        `Hello ${mail.name},`,
        `The copy of ${what} you asked for is ready: a zip file with JSON and CSV files.`,
        'Sign in to Teamfolk to download it from your account page.',
      ];
      const expires = new Date(mail.expiresAt).toLocaleString('en-US', {
        dateStyle: 'long',
        timeStyle: 'short',
        timeZone: 'UTC',
      });
      const footnote = `The download works until ${expires} UTC, for you only. If you did not ask for it, tell your administrator.`;
      return {
        subject: 'Your Teamfolk data export is ready',
        text: `${lines.join('\n\n')}\n\nDownload it: ${mail.link}\n\n${footnote}\n`,
        html: layout(lines, { label: 'Download your data', url: mail.link }, footnote),
      };
    }
  }
}
