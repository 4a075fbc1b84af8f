import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/**
 * docker-compose.yml, read as compose reads it: the client address the API takes behind the proxy
 * this shape has (deploy/README.md: TLS in front of the published port 3000).
 */

interface Compose {
  'x-app-env': Record<string, string>;
  networks?: { default?: { ipam?: { config?: Array<{ subnet?: string; gateway?: string }> } } };
}

const compose = parse(readFileSync(path.join(__dirname, '..', 'docker-compose.yml'), 'utf8'), {
  merge: true,
}) as Compose;

/** What `${NAME:-default}` gives when NAME is unset. */
const unsetDefault = (value: string) => /^\$\{[A-Z_]+:-(.*)\}$/.exec(value)?.[1];

describe('docker-compose.yml', () => {
  it("believes X-Forwarded-For only from its network's gateway, where Docker's published port 3000 is reached from the host", () => {
    const [network] = compose.networks?.default?.ipam?.config ?? [];
    expect(network?.gateway).toMatch(/^\d+\.\d+\.\d+\.1$/);
    expect(unsetDefault(compose['x-app-env'].TRUST_PROXY!)).toBe(network!.gateway);
  });
});
