import type { Transporter } from 'nodemailer';
import { emailsFailedTotal, emailsSentTotal, sendEmailPayload, type Logger } from '@teamfolk/shared';
import type { JobHandler } from '../jobs';
import { composeMail, type Sender } from './compose';
import type { MailClaims } from './mail-claims';
import { renderMail } from './templates';

export interface EmailJobDependencies {
  claims: MailClaims;
  transport: Transporter;
  sender: Sender;
  logger: Logger;
}

export type EmailJobResult = { sent: true } | { skipped: 'already-sent' };

/**
 * Sends each e-mail once per idempotency key (an invitation's is `invitation-<id>`). The sent_emails
 * row is claimed in a transaction that stays open while the mail goes out and commits once the SMTP
 * server has accepted it (MailClaims: the claims of concurrent jobs share that transaction): a failed
 * send takes the claim back so the retry sends, and a concurrent duplicate waits on the unique key
 * and then skips. A crash between the server's acceptance and the commit cannot be told from a
 * crash before it, so the retry sends again; that copy carries the same Message-ID, by which
 * mailboxes drop it.
 */
export function sendEmailJob({
  claims,
  transport,
  sender,
  logger,
}: EmailJobDependencies): JobHandler<'send-email', EmailJobResult> {
  return async (job) => {
    const { companyId } = job.data;
    const { idempotencyKey, to, mail } = sendEmailPayload.parse(job.data.payload);
    // A stable Message-ID lets receiving mail systems drop a copy if a crash ever resends.
    const messageId = `<${idempotencyKey}@teamfolk>`;
    const raw = composeMail(sender, { to, messageId }, renderMail(mail));
    const claim = await claims.claim({ companyId, idempotencyKey, recipient: to, template: mail.template });
    if (!claim) {
      logger.info({ idempotencyKey }, 'e-mail already sent: skipped');
      return { skipped: 'already-sent' };
    }
    try {
      await transport.sendMail({ envelope: { from: sender.address, to: [to] }, raw, messageId });
    } catch (error) {
      claim.failed();
      emailsFailedTotal.inc({ template: mail.template });
      throw error;
    }
    emailsSentTotal.inc({ template: mail.template });
    await claim.sent();
    logger.info({ template: mail.template, idempotencyKey }, 'e-mail sent');
    return { sent: true };
  };
}
