export interface Reply {
  /** 0 when no HTTP answer came: refused, reset, or cut off by the timeout. */
  status: number;
  body: unknown;
  ms: number;
  error?: string;
  retryAfter?: string | null;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** A reply slower than this counts as a hang (status 0). */
  timeoutMs?: number;
}

/** One request to the API as the console makes it; never throws, so a load loop can count every outcome. */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  { token, body, timeoutMs = 15_000 }: CallOptions = {},
): Promise<Reply> {
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: kept as text, which a test about JSON errors will notice.
    }
    return {
      status: response.status,
      body: parsed,
      ms: performance.now() - started,
      retryAfter: response.headers.get('retry-after'),
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { status: 0, body: null, ms: performance.now() - started, error: cause ?? String(error) };
  }
}

/** Signs in and returns the session token. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const reply = await call(baseUrl, 'POST', '/api/auth/login', { body: { email, password } });
  const token = (reply.body as { token?: string } | null)?.token;
  if (reply.status !== 200 || !token) throw new Error(`sign-in failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return token;
}

/** Runs `task` over `items` with at most `parallel` at a time, in order of the items. */
export async function inParallel<T, R>(items: T[], parallel: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(parallel, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  });
  await Promise.all(lanes);
  return results;
}
