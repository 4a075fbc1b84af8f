import type { Job } from 'bullmq';
import type { Transporter } from 'nodemailer';
import { QueryTypes, type Sequelize } from 'sequelize';
import { sendEmailPayload, type JobEnvelope, type Logger } from '@teamfolk/shared';
import { renderMail } from './templates';

export interface EmailJobDependencies {
  sequelize: Sequelize;
  transport: Transporter;
  from: string;
  logger: Logger;
}

export type EmailJobResult = { sent: true } | { skipped: 'already-sent' };

/**
 * Sends one e-mail at most once. The sent_emails row is claimed in a transaction that stays open
 * while the mail goes out: a failed send rolls the claim back so the retry sends, and a concurrent
 * duplicate waits on the unique key and then skips.
 */
export function sendEmailJob({ sequelize, transport, from, logger }: EmailJobDependencies) {
  return async (job: Job<JobEnvelope<'send-email'>>): Promise<EmailJobResult> => {
    const { companyId, requestId } = job.data;
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
        logger.info({ jobId: job.id, idempotencyKey, requestId }, 'e-mail already sent: skipped');
        return { skipped: 'already-sent' };
      }
      const rendered = renderMail(mail);
      await transport.sendMail({
        from,
        to,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        // A stable Message-ID lets receiving mail systems drop a copy if a crash ever resends.
        messageId: `<${idempotencyKey}@teamfolk>`,
      });
      logger.info({ jobId: job.id, template: mail.template, idempotencyKey, requestId }, 'e-mail sent');
      return { sent: true };
    });
  };
}
