import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Service, type IContainer, type IPodSpec, type IProbe } from 'kubernetes-models/v1';
import { parse, parseAllDocuments } from 'yaml';
import { loadConfig, loadMigrationConfig } from '@teamfolk/shared';
import { productionImageEnvironment } from '../scripts/src/production-image';

/**
 * The Kubernetes manifests, checked offline: every object against the Kubernetes OpenAPI schema
 * (kubernetes-models), then the production shape an operator relies on, down to the environment
 * each container starts with passing the same configuration check the processes run.
 */

const repoRoot = path.resolve(__dirname, '..');
const k8sDir = path.join(__dirname, 'k8s');

interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
}

/** The schemas the manifests may use; an object of any other kind fails the test rather than going unchecked. */
const models = [
  ConfigMap,
  Service,
  Deployment,
  StatefulSet,
  Job,
  HorizontalPodAutoscaler,
  PodDisruptionBudget,
  Ingress,
  NetworkPolicy,
];

/**
 * What `kubectl kustomize <directory>` prints, without needing kubectl (CI machines may lack it): the
 * listed resource files in order. Exact only while a kustomization lists resources and transforms
 * nothing, which is checked here, so a kustomization that grows a transformer fails loudly.
 */
function render(directory: string): KubernetesObject[] {
  const kustomization = parse(readFileSync(path.join(directory, 'kustomization.yaml'), 'utf8')) as Record<
    string,
    unknown
  >;
  const keys = Object.keys(kustomization).sort();
  if (keys.join() !== 'apiVersion,kind,resources') {
    throw new Error(`${directory}/kustomization.yaml has ${keys.join(', ')}: only resources can be rendered here`);
  }
  return (kustomization.resources as string[]).flatMap((file) => {
    const documents = parseAllDocuments(readFileSync(path.join(directory, file), 'utf8'));
    if (!Array.isArray(documents)) throw new Error(`${file}: no YAML documents`);
    return documents.map((document) => {
      if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]?.message}`);
      return document.toJS() as KubernetesObject;
    });
  });
}

const application = render(k8sDir);
const migration = render(path.join(k8sDir, 'migrate'));
const everything = [...application, ...migration];

/** The one object of that kind and name, in the API version the model validates. */
function one<T>(objects: KubernetesObject[], model: { apiVersion: string; kind: string }, name: string): T {
  const found = objects.filter((object) => object.kind === model.kind && object.metadata.name === name);
  if (found.length !== 1) throw new Error(`expected one ${model.kind} ${name}, found ${found.length}`);
  const object = found[0]!;
  if (object.apiVersion !== model.apiVersion) throw new Error(`${model.kind} ${name} is ${object.apiVersion}`);
  return object as unknown as T;
}

function all<T>(objects: KubernetesObject[], model: { kind: string }): T[] {
  return objects.filter((object) => object.kind === model.kind) as unknown as T[];
}

const api = one<Deployment>(application, Deployment, 'teamfolk-api');
const workers = one<Deployment>(application, Deployment, 'teamfolk-workers');
const redis = one<StatefulSet>(application, StatefulSet, 'teamfolk-redis');
const migrateJob = one<Job>(migration, Job, 'teamfolk-migrate');
const config = one<ConfigMap>(application, ConfigMap, 'teamfolk-config');

function podSpecOf(workload: { spec?: { template?: { spec?: IPodSpec } } }): IPodSpec {
  return workload.spec!.template!.spec!;
}

function onlyContainerOf(workload: { spec?: { template?: { spec?: IPodSpec } } }): IContainer {
  const containers = podSpecOf(workload).containers;
  expect(containers).toHaveLength(1);
  return containers[0]!;
}

function containers(): Array<[string, IContainer]> {
  return [
    ['api', onlyContainerOf(api)],
    ['workers', onlyContainerOf(workers)],
    ['redis', onlyContainerOf(redis)],
    ['migrate', onlyContainerOf(migrateJob)],
  ];
}

/**
 * Stand-ins for the Secret `teamfolk-secrets`, shaped like real values so the processes' own
 * configuration check can judge the environment they make. Its keys are the ones deploy/README.md
 * tells operators to create.
 */
const sampleSecrets: Record<string, string> = {
  'database-url': 'postgres://teamfolk:owner-password@db.example.internal:5432/teamfolk',
  'database-app-url': 'postgres://teamfolk_app:app-password@db.example.internal:5432/teamfolk',
  'redis-password': '5f2b6c0d9e8a7b1c3d4e5f60718293a4',
  'smtp-url': 'smtps://mailer:mail-password@smtp.example.com:465',
  'jwt-secret': '0123456789abcdef0123456789abcdef0123456789abcdef',
  'stripe-secret-key': 'sk_live_sample',
  'stripe-webhook-secret': 'whsec_sample',
  'ops-username': 'operator',
  'ops-password': 'operator-password-0123456789',
};

/** What the images set themselves (deploy/Dockerfile's runtime stage). */
const imageEnvironment = productionImageEnvironment();

/**
 * The environment a container starts with, as the kubelet builds it: the image's, the ConfigMaps
 * of envFrom, then env in order, `$(NAME)` standing for a variable defined before it.
 */
function environmentOf(container: IContainer): Record<string, string> {
  const defined: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    expect(source.configMapRef?.name).toBe('teamfolk-config');
    Object.assign(defined, config.data);
  }
  const expand = (value: string) =>
    value.replace(/\$\(([A-Z_][A-Z0-9_]*)\)/g, (ref, name: string) => defined[name] ?? ref);
  for (const variable of container.env ?? []) {
    const secret = variable.valueFrom?.secretKeyRef;
    if (secret) {
      expect(secret.name).toBe('teamfolk-secrets');
      const value = sampleSecrets[secret.key];
      if (value === undefined) throw new Error(`${variable.name} reads an undocumented secret key ${secret.key}`);
      defined[variable.name] = value;
    } else {
      expect(variable.valueFrom).toBeUndefined();
      defined[variable.name] = expand(variable.value ?? '');
    }
  }
  return { ...imageEnvironment, ...defined };
}

function secretKeysReadBy(container: IContainer): string[] {
  return (container.env ?? []).flatMap((variable) => variable.valueFrom?.secretKeyRef?.key ?? []);
}

function portNamed(container: IContainer, name: string | number | undefined): number {
  const port = container.ports?.find((candidate) => candidate.name === name || candidate.containerPort === name);
  if (!port) throw new Error(`${container.name} has no port ${String(name)}`);
  return port.containerPort;
}

function httpProbe(container: IContainer, probe: IProbe | undefined): { path: string; port: number } {
  const httpGet = probe?.httpGet;
  if (!httpGet?.path) throw new Error(`${container.name}: expected an HTTP probe`);
  return { path: httpGet.path, port: portNamed(container, httpGet.port) };
}

interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: Array<{ key: string; operator: string; values?: string[] }>;
}

/** Kubernetes' label selector semantics (matchLabels and the four expression operators). */
function selects(selector: LabelSelector | undefined, labels: Record<string, string> = {}): boolean {
  if (!selector) return false;
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpressions = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    const value = labels[key];
    if (operator === 'In') return value !== undefined && values.includes(value);
    if (operator === 'NotIn') return value === undefined || !values.includes(value);
    if (operator === 'Exists') return value !== undefined;
    if (operator === 'DoesNotExist') return value === undefined;
    throw new Error(`unknown selector operator ${operator}`);
  });
  return byLabels && byExpressions;
}

function podLabelsOf(workload: { spec?: { template?: { metadata?: { labels?: Record<string, string> } } } }) {
  return workload.spec?.template?.metadata?.labels ?? {};
}

/** Bytes of a Kubernetes quantity (Mi, Gi) or a Redis size (mb, gb: powers of 1024 too). */
function bytes(size: string): number {
  const match = /^(\d+)(Mi|Gi|mb|gb)$/.exec(size);
  if (!match) throw new Error(`unsupported size ${size}`);
  return Number(match[1]) * 1024 ** (match[2] === 'Mi' || match[2] === 'mb' ? 2 : 3);
}

describe('Kubernetes manifests (deploy/k8s)', () => {
  it('should hold only objects that are valid against the Kubernetes API schema, each named once', () => {
    for (const object of everything) {
      const model = models.find(
        (candidate) => candidate.apiVersion === object.apiVersion && candidate.kind === object.kind,
      );
      if (!model)
        throw new Error(`${object.apiVersion} ${object.kind} ${object.metadata?.name}: no schema to check it`);
      const Model = model as unknown as new (data: unknown) => { validate(): void };
      expect(() => new Model(object).validate()).not.toThrow();
      expect(object.metadata.labels?.['app.kubernetes.io/name']).toBe('teamfolk');
    }
    const identities = everything.map((object) => `${object.kind}/${object.metadata.name}`);
    expect(new Set(identities).size).toBe(identities.length);
  });

  it('should run the API and the workers as separate Deployments of their own images, only the API autoscaled', () => {
    expect(onlyContainerOf(api).image).toBe('teamfolk-api');
    expect(onlyContainerOf(workers).image).toBe('teamfolk-workers');
    expect(selects(api.spec!.selector, podLabelsOf(workers))).toBe(false);
    expect(selects(workers.spec!.selector, podLabelsOf(api))).toBe(false);
    expect(selects(api.spec!.selector, podLabelsOf(api))).toBe(true);
    expect(selects(workers.spec!.selector, podLabelsOf(workers))).toBe(true);
    expect(workers.spec!.replicas).toBeGreaterThanOrEqual(2);

    const autoscalers = all<HorizontalPodAutoscaler>(application, HorizontalPodAutoscaler);
    expect(autoscalers.map((autoscaler) => autoscaler.spec!.scaleTargetRef)).toEqual([
      { apiVersion: 'apps/v1', kind: 'Deployment', name: 'teamfolk-api' },
    ]);
    const autoscaler = autoscalers[0]!;
    expect(autoscaler.spec!.minReplicas).toBeGreaterThanOrEqual(2);
    expect(autoscaler.spec!.metrics?.[0]?.resource?.name).toBe('cpu');
    // A replica count in the Deployment would reset the autoscaler's at every apply.
    expect(api.spec!.replicas).toBeUndefined();
  });

  it('should probe liveness on /healthz and readiness on /readyz at the port each process listens on', () => {
    const apiContainer = onlyContainerOf(api);
    const apiConfig = loadConfig(environmentOf(apiContainer));
    const workersContainer = onlyContainerOf(workers);
    const workersConfig = loadConfig(environmentOf(workersContainer));
    for (const [container, port] of [
      [apiContainer, apiConfig.PORT],
      [workersContainer, workersConfig.OPS_PORT],
    ] as const) {
      expect(httpProbe(container, container.startupProbe)).toEqual({ path: '/healthz', port });
      expect(httpProbe(container, container.livenessProbe)).toEqual({ path: '/healthz', port });
      expect(httpProbe(container, container.readinessProbe)).toEqual({ path: '/readyz', port });
    }
    expect(apiConfig.PORT).toBe(3000);
    expect(workersConfig.OPS_PORT).toBe(9464);
  });

  it('should have each image expose the port its process listens on', () => {
    const dockerfile = readFileSync(path.join(__dirname, 'Dockerfile'), 'utf8');
    const exposedBy = (stage: string) => {
      const body = dockerfile.split(/^FROM /m).find((part) => part.startsWith(`runtime AS ${stage}\n`)) ?? '';
      return [...body.matchAll(/^EXPOSE (\d+)$/gm)].map((line) => Number(line[1]));
    };
    // The workers' port as the image runs without OPS_PORT set, as under docker compose.
    const { OPS_PORT: _setByTheManifest, ...workersEnvironment } = environmentOf(onlyContainerOf(workers));
    expect(exposedBy('workers')).toEqual([loadConfig(workersEnvironment).OPS_PORT]);
    expect(exposedBy('api')).toEqual([loadConfig(environmentOf(onlyContainerOf(api))).PORT]);
  });

  it('should start the API and the workers with a valid production configuration, without migrating or the owner login', () => {
    for (const workload of [api, workers]) {
      const container = onlyContainerOf(workload);
      const settings = loadConfig(environmentOf(container));
      expect(settings).toMatchObject({
        NODE_ENV: 'production',
        MIGRATE_ON_START: false,
        DATABASE_URL: undefined,
        DATABASE_APP_URL: sampleSecrets['database-app-url'],
        JWT_SECRET: sampleSecrets['jwt-secret'],
        STRIPE_SECRET_KEY: sampleSecrets['stripe-secret-key'],
        OPS_USERNAME: sampleSecrets['ops-username'],
      });
      expect(secretKeysReadBy(container)).not.toContain('database-url');
      const redisUrl = new URL(settings.REDIS_URL);
      expect(decodeURIComponent(redisUrl.password)).toBe(sampleSecrets['redis-password']);
      expect(`${redisUrl.hostname}:${redisUrl.port}`).toBe('teamfolk-redis:6379');
    }
  });

  it('should migrate in a Job that runs the migration entrypoint as the schema owner and gives up in bounded time', () => {
    const container = onlyContainerOf(migrateJob);
    expect(container.command).toEqual(['node', 'shared/dist/db/migrate-main.js']);
    expect(existsSync(path.join(repoRoot, 'shared/src/db/migrate-main.ts'))).toBe(true);
    expect(container.image).toBe('teamfolk-workers');
    const dockerfile = readFileSync(path.join(__dirname, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(
      /FROM base AS runtime\nENV NODE_ENV=production\n[\s\S]*COPY --from=build \/app\/shared\/dist/,
    );

    const settings = loadMigrationConfig(environmentOf(container));
    expect(settings).toEqual({
      NODE_ENV: 'production',
      DATABASE_URL: sampleSecrets['database-url'],
      DATABASE_APP_URL: sampleSecrets['database-app-url'],
      LOG_LEVEL: 'info',
    });
    expect(podSpecOf(migrateJob).restartPolicy).toBe('Never');
    expect(migrateJob.spec!.backoffLimit).toBeGreaterThanOrEqual(1);
    expect(migrateJob.spec!.activeDeadlineSeconds).toBeGreaterThan(0);
    expect(application.some((object) => object.kind === Job.kind)).toBe(false);
  });

  it('should give every container resource requests and limits', () => {
    for (const [name, container] of containers()) {
      const { requests, limits } = container.resources ?? {};
      expect({ name, cpu: requests?.cpu, memory: requests?.memory }).toEqual({
        name,
        cpu: expect.any(String),
        memory: expect.any(String),
      });
      expect(bytes(String(limits?.memory))).toBeGreaterThanOrEqual(bytes(String(requests?.memory)));
      expect(limits?.cpu).toEqual(expect.any(String));
    }
  });

  it('should run Redis as a StatefulSet that never evicts, keeps an AOF on a volume claim, and only the app can reach', () => {
    const container = onlyContainerOf(redis);
    const command = [...(container.command ?? []), ...(container.args ?? [])].join(' ');
    expect(command).toMatch(/^redis-server /);
    expect(command).toContain('--maxmemory-policy noeviction');
    expect(command).toContain('--appendonly yes');
    const maxmemory = /--maxmemory (\S+)/.exec(command)?.[1];
    expect(bytes(maxmemory!)).toBeLessThan(bytes(String(container.resources?.limits?.memory)));

    const claims = redis.spec!.volumeClaimTemplates ?? [];
    expect(claims).toHaveLength(1);
    const claimName = claims[0]!.metadata!.name;
    expect(container.volumeMounts).toContainEqual({ name: claimName, mountPath: '/data' });
    expect(claims[0]!.spec!.resources!.requests!.storage).toEqual(expect.any(String));

    const service = one<Service>(application, Service, redis.spec!.serviceName!);
    expect(selects({ matchLabels: service.spec!.selector }, podLabelsOf(redis))).toBe(true);
    expect(service.spec!.ports?.[0]?.port).toBe(6379);

    const policy = one<NetworkPolicy>(application, NetworkPolicy, 'teamfolk-redis');
    expect(selects(policy.spec!.podSelector, podLabelsOf(redis))).toBe(true);
    const admitted = (labels: Record<string, string>) =>
      (policy.spec!.ingress ?? []).some((rule) => (rule.from ?? []).some((peer) => selects(peer.podSelector, labels)));
    expect(admitted(podLabelsOf(api))).toBe(true);
    expect(admitted(podLabelsOf(workers))).toBe(true);
    expect(admitted({ 'app.kubernetes.io/name': 'something-else' })).toBe(false);
  });

  it('should run no Postgres: the database is an external managed service reached through the Secret', () => {
    const images = containers().map(([, container]) => container.image ?? '');
    expect(images.filter((image) => /postgres/i.test(image))).toEqual([]);
    expect(everything.filter((object) => /postgres/i.test(object.metadata.name))).toEqual([]);
    expect(
      everything.filter((object) => object.kind === StatefulSet.kind).map((object) => object.metadata.name),
    ).toEqual(['teamfolk-redis']);
  });

  it('should take secrets only through secretKeyRef, never commit a Secret, and name the keys deploy/README.md creates', () => {
    expect(everything.filter((object) => object.kind === 'Secret')).toEqual([]);
    const secretLooking = /SECRET|PASSWORD|TOKEN|KEY|_AUTH$/;
    for (const [name, container] of containers()) {
      expect({ name, secretRefs: (container.envFrom ?? []).filter((source) => source.secretRef) }).toEqual({
        name,
        secretRefs: [],
      });
      for (const variable of container.env ?? []) {
        if (variable.value === undefined) continue;
        expect({ name, variable: variable.name, secretLooking: secretLooking.test(variable.name) }).toEqual({
          name,
          variable: variable.name,
          secretLooking: false,
        });
        // A URL may carry a password only as a reference to a secret variable.
        expect(variable.value).not.toMatch(/:\/\/[^@/]*:(?!\$\()[^@/]*@/);
      }
    }
    for (const [key, value] of Object.entries(config.data ?? {})) {
      expect({ key, secretLooking: secretLooking.test(key) }).toEqual({ key, secretLooking: false });
      expect(value).not.toMatch(/:\/\/[^@/]*:[^@/]*@/);
    }

    const referenced = new Set(containers().flatMap(([, container]) => secretKeysReadBy(container)));
    const readme = readFileSync(path.join(__dirname, 'README.md'), 'utf8');
    const documented = new Set([...readme.matchAll(/--from-literal=([a-z0-9-]+)=/g)].map((match) => match[1]));
    expect([...referenced].sort()).toEqual([...documented].sort());
    expect([...referenced].sort()).toEqual(Object.keys(sampleSecrets).sort());
  });

  it('should route the Ingress to the API Service, and the Service to the API pods port', () => {
    const service = one<Service>(application, Service, 'teamfolk-api');
    expect(selects({ matchLabels: service.spec!.selector }, podLabelsOf(api))).toBe(true);
    expect(selects({ matchLabels: service.spec!.selector }, podLabelsOf(workers))).toBe(false);
    const servicePort = service.spec!.ports![0]!;
    expect(portNamed(onlyContainerOf(api), servicePort.targetPort)).toBe(3000);

    const ingresses = all<Ingress>(application, Ingress);
    const backends = ingresses.flatMap((ingress) =>
      (ingress.spec!.rules ?? []).flatMap((rule) => rule.http!.paths.map((route) => route.backend.service)),
    );
    expect(backends.length).toBeGreaterThan(0);
    for (const backend of backends) {
      expect(backend?.name).toBe('teamfolk-api');
      expect(backend?.port?.name ?? backend?.port?.number).toBe(servicePort.name ?? servicePort.port);
    }
  });

  it('should believe X-Forwarded-For from the one proxy in front of the API, the Ingress controller, and nobody else', () => {
    // Said in the ConfigMap, not left to the default (a proxy on the loopback, which a pod does not have).
    expect(config.data?.TRUST_PROXY).toBe('1');
    expect(loadConfig(environmentOf(onlyContainerOf(api))).TRUST_PROXY).toBe(1);
  });

  it('should keep API and workers available through voluntary disruptions', () => {
    const budgets = all<PodDisruptionBudget>(application, PodDisruptionBudget);
    for (const workload of [api, workers]) {
      const covering = budgets.filter((budget) => selects(budget.spec!.selector, podLabelsOf(workload)));
      expect(covering).toHaveLength(1);
      expect(covering[0]!.spec!.maxUnavailable).toBe(1);
    }
  });

  it('should give in-flight requests and jobs their whole shutdown time, after the API stops getting new requests', () => {
    const shutdownMs = Number(config.data!.SHUTDOWN_TIMEOUT_MS);
    expect(shutdownMs).toBeGreaterThan(0);

    const apiContainer = onlyContainerOf(api);
    const preStop = apiContainer.lifecycle?.preStop?.exec?.command ?? [];
    expect(preStop[0]).toBe('sleep');
    const drainMs = Number(preStop[1]) * 1000;
    expect(drainMs).toBeGreaterThanOrEqual(5000);
    // services/src/main.ts forces the exit 5 s after SHUTDOWN_TIMEOUT_MS: the kubelet must not kill it sooner.
    expect(podSpecOf(api).terminationGracePeriodSeconds! * 1000).toBeGreaterThan(drainMs + shutdownMs + 5000);
    expect(podSpecOf(workers).terminationGracePeriodSeconds! * 1000).toBeGreaterThan(shutdownMs);
    // Rolling updates start the new pod before stopping an old one.
    for (const workload of [api, workers]) {
      expect(workload.spec!.strategy?.rollingUpdate?.maxUnavailable).toBe(0);
    }
  });

  it('should run every pod as a non-root user that cannot escalate, on a read-only root filesystem', () => {
    for (const workload of [api, workers, redis, migrateJob]) {
      const pod = podSpecOf(workload);
      expect(pod.securityContext?.runAsNonRoot).toBe(true);
      expect(pod.automountServiceAccountToken).toBe(false);
      const container = onlyContainerOf(workload);
      expect(container.securityContext).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
    }
  });
});
