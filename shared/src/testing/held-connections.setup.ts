import { describeViolation, takeHeldConnectionViolations } from './held-connections';

/**
 * Every integration test fails if code asked for a pooled connection while holding one during it
 * (or during the hooks before it), even where the code under test swallowed the refusal (a job that
 * retries, a route that answers 500).
 */
function failOnViolations(): void {
  const violations = takeHeldConnectionViolations();
  if (violations.length === 0) return;
  throw new Error(
    `${violations.length} pooled connection(s) asked for while one was held:\n\n${violations.map(describeViolation).join('\n\n')}`,
  );
}

afterEach(failOnViolations);
afterAll(failOnViolations);
