import type { Job } from 'bullmq';
import type { Transporter } from 'nodemailer';
import { QueryTypes, type Sequelize } from 'sequelize';
import { emailsFailedTotal, emailsSentTotal, sendEmailPayload, type JobEnvelope, type Logger } from '@teamfolk/shared';
import { renderMail } from './templates';

export interface EmailJobDependencies {
  sequelize: Sequelize;
  transport: Transporter;
  from: string;
  logger: Logger;
}

export type EmailJobResult = { sent: true } | { skipped: 'already-sent' };

/**
 * Sends each e-mail once per idempotency key (an invitation's is `invitation-<id>`). The sent_emails
 * row is claimed in a transaction that stays open while the mail goes out and commits as soon as
 * the SMTP server has accepted it: a failed send rolls the claim back so the retry sends, and a
 * concurrent duplicate waits on the unique key and then skips. A crash between the server's
 * acceptance and the commit (the time to hear its reply and send COMMIT) cannot be told from a
 * crash before it, so the retry sends again; that copy carries the same Message-ID, by which
 * mailboxes drop it.
 */
export function sendEmailJob({ sequelize, transport, from, logger }: EmailJobDependencies) {
  return async (job: Job<JobEnvelope<'send-email'>>): Promise<EmailJobResult> => {
    const { companyId } = job.data;
    const { idempotencyKey, to, mail } = sendEmailPayload.parse(job.data.payload);
    return sequelize.transaction(async (transaction) => {
      const claimed = await sequelize.query(
        `INSERT INTO sent_emails (company_id, idempotency_key, recipient, template)
         VALUES (:companyId, :idempotencyKey, :to, :template)
         ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
        {
          replacements: { companyId, idempotencyKey, to, template: mail.template },
          type: QueryTypes.SELECT,
          transaction,
        },
      );
      if (claimed.length === 0) {
        logger.info({ idempotencyKey }, 'e-mail already sent: skipped');
        return { skipped: 'already-sent' };
      }
      const rendered = renderMail(mail);
      await transport
        .sendMail({
          from,
          to,
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          // A stable Message-ID lets receiving mail systems drop a copy if a crash ever resends.
          messageId: `<${idempotencyKey}@teamfolk>`,
        })
        .catch((error: unknown) => {
          emailsFailedTotal.inc({ template: mail.template });
          throw error;
        });
      emailsSentTotal.inc({ template: mail.template });
      logger.info({ template: mail.template, idempotencyKey }, 'e-mail sent');
      return { sent: true };
    });
  };
}
