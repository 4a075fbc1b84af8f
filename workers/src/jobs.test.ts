import { createLogger, JOBS, type JobName } from '@teamfolk/shared';
import { assertEveryJobHasAHandler, runJob, type JobHandlers, type JobOf } from './jobs';

const logger = createLogger('silent', 'test');
const names = Object.keys(JOBS) as JobName[];

/** A handler for every job of the catalogue, each answering its own name. */
const everyHandler = () =>
  Object.fromEntries(names.map((name) => [name, () => async () => name])) as unknown as JobHandlers;

describe(assertEveryJobHasAHandler.name, () => {
  it('should let workers start when every job of the catalogue has a handler', () => {
    expect(() => assertEveryJobHasAHandler(everyHandler())).not.toThrow();
  });

  it('should refuse to start, naming the job, when one has none', () => {
    const handlers = everyHandler() as Partial<JobHandlers>;
    delete handlers['export-data'];
    expect(() => assertEveryJobHasAHandler(handlers as JobHandlers)).toThrow('No handler for job(s): export-data');
  });
});

describe(runJob.name, () => {
  it("should run a job with its own name's handler", async () => {
    const job = { name: 'run-billing-cycle', data: {} } as JobOf<'run-billing-cycle'>;
    await expect(runJob(everyHandler(), job, logger)).resolves.toBe('run-billing-cycle');
  });
});
