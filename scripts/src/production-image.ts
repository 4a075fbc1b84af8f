import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';

const DOCKERFILE = path.join(repoRoot, 'deploy', 'Dockerfile');

/**
 * The environment deploy/Dockerfile's runtime stage sets, which the API's and the workers' images
 * inherit: its `ENV NAME=value` lines, continued over lines with `\`. Read from the file, so that
 * what runs the processes as production does (the benchmark, the manifests' tests) cannot drift
 * from the image. Quoted values are refused rather than read wrong.
 */
export function productionImageEnvironment(dockerfile = readFileSync(DOCKERFILE, 'utf8')): Record<string, string> {
  const runtime = dockerfile.split(/^FROM /m).find((stage) => /^\S+ AS runtime\n/.test(stage));
  if (!runtime) throw new Error('deploy/Dockerfile has no runtime stage');
  const environment: Record<string, string> = {};
  for (const [, assignments] of runtime.replace(/\\\n\s*/g, ' ').matchAll(/^ENV (.+)$/gm)) {
    for (const assignment of assignments!.trim().split(/\s+/)) {
      const [, name, value] = /^([A-Za-z_][A-Za-z0-9_]*)=([^"'\s]*)$/.exec(assignment) ?? [];
      if (name === undefined || value === undefined) {
        throw new Error(`deploy/Dockerfile's runtime stage sets ${assignment}: only unquoted NAME=value is read`);
      }
      environment[name] = value;
    }
  }
  return environment;
}
