import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { QueryTypes } from 'sequelize';
import { SentEmail } from '@teamfolk/shared';
import { createCompanyWithAdmin } from '@teamfolk/services/testing';
import { inviteEmployees } from './support/company';
import { waitUntil } from './support/processes';
import { CHAOS_SEED, seededRandom } from './support/random';
import { startChaosWorld, type ChaosWorld } from './support/world';

const INVITATIONS = 1_000;
const KILLS = 4;

describe('workers killed with SIGKILL at random moments while 1,000 invitation e-mails go out', () => {
  let world: ChaosWorld;
  let invitationMessageIds: string[];
  let emailQueue: Queue;

  /** The e-mail queue's counts, once every invitation's job has completed or failed. */
  const everyJobFinished = (what: string) =>
    waitUntil(
      what,
      async () => {
        const counts = await emailQueue.getJobCounts('completed', 'failed', 'active', 'waiting', 'delayed');
        return (counts.completed ?? 0) + (counts.failed ?? 0) >= INVITATIONS && counts;
      },
      90_000,
      250,
    );

  beforeAll(async () => {
    world = await startChaosWorld();
    const { company } = await createCompanyWithAdmin();
    invitationMessageIds = await inviteEmployees(world.sequelize, company, INVITATIONS);
    emailQueue = world.queues().email;
  }, 120_000);

  afterAll(async () => {
    await world?.close();
  }, 60_000);

  it('should deliver every invitation: none lost, none twice in the mailbox', async () => {
    const random = seededRandom();
    const sentAtKills: number[] = [];
    const started = Date.now();
    for (let kill = 0; kill < KILLS; kill++) {
      const workers = await world.startWorkers();
      const before = world.mail.deliveries().length;
      // A random moment counted in mails, not in time: at most a share of what is left, so the kill
      // lands while mail still goes out however fast the workers send (a fixed 600 ms let a fast
      // run deliver all 1,000 before its fourth kill).
      const share = Math.floor((INVITATIONS - before) / (KILLS - kill + 1));
      const killAfter = before + 1 + Math.floor(random() * share);
      await waitUntil('e-mails to go out', () => world.mail.deliveries().length >= killAfter, 30_000, 5);
      await workers.kill();
      sentAtKills.push(world.mail.deliveries().length);
    }
    await world.startWorkers();
    const counts = await everyJobFinished('every e-mail job to finish');

    const deliveries = world.mail.deliveries();
    const mailbox = world.mail.mailbox();
    const delivered = new Set(mailbox.map((mail) => mail.messageId));
    process.stdout.write(
      `worker kills: SIGKILL after ${sentAtKills.join(', ')} of ${INVITATIONS} mails; ${mailbox.length} in the mailbox, ` +
        `${deliveries.length - mailbox.length} re-delivered inside the accept-to-commit window, ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s (CHAOS_SEED=${CHAOS_SEED})\n`,
    );
    // Every kill landed while mail was still going out.
    expect({ seed: CHAOS_SEED, sentAtKills: sentAtKills.filter((sent) => sent < INVITATIONS).length }).toEqual({
      seed: CHAOS_SEED,
      sentAtKills: KILLS,
    });
    expect(counts).toMatchObject({ completed: INVITATIONS, failed: 0, active: 0, waiting: 0, delayed: 0 });
    expect(invitationMessageIds.filter((id) => !delivered.has(id))).toEqual([]);
    expect(mailbox).toHaveLength(INVITATIONS);
    expect(await SentEmail.count()).toBe(INVITATIONS);
  }, 180_000);

  it('should send nothing more when every e-mail job runs again (Redis lost its queues, the outbox replayed)', async () => {
    await Promise.all(
      world.products().map(async (product) => {
        product.signal('SIGTERM');
        await product.exited;
      }),
    );
    const deliveriesBefore = world.mail.deliveries().length;
    const redis = new Redis(world.redis.url);
    await redis.flushall();
    redis.disconnect();
    const [, replayed] = await world.sequelize.query(
      "UPDATE outbox SET dispatched_at = NULL WHERE job_name = 'send-email'",
      { type: QueryTypes.UPDATE },
    );
    expect(replayed).toBe(INVITATIONS);

    await world.startWorkers();
    const counts = await everyJobFinished('every replayed e-mail job to finish');
    expect(counts).toMatchObject({ completed: INVITATIONS, failed: 0 });
    expect(world.mail.deliveries().length - deliveriesBefore).toBe(0);
  }, 120_000);
});
