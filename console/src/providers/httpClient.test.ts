import { SESSION_TOKEN_HEADER, TOKEN_STORAGE_KEY } from '@teamfolk/shared/contracts';
import { fakeBrowserWindow } from '../testing/fakeBrowserWindow';
import { ApiRequestError, errorMessage } from './apiError';
import { adoptRenewedToken, httpClient, onUnauthorized } from './httpClient';

const storage = fakeBrowserWindow();

const renewal = (token: string) => new Headers({ [SESSION_TOKEN_HEADER]: token });

describe(adoptRenewedToken.name, () => {
  beforeEach(() => storage.clear());

  it('should keep the renewed session token in place of the one the request carried', () => {
    storage.set(TOKEN_STORAGE_KEY, 'old-token');
    adoptRenewedToken('old-token', renewal('renewed-token'));
    expect(storage.get(TOKEN_STORAGE_KEY)).toBe('renewed-token');
  });

  it('should not bring back a session that ended, or replace a newer sign-in, while the request was out', () => {
    adoptRenewedToken('old-token', renewal('renewed-token'));
    expect(storage.has(TOKEN_STORAGE_KEY)).toBe(false);

    storage.set(TOKEN_STORAGE_KEY, 'token-of-a-new-sign-in');
    adoptRenewedToken('old-token', renewal('renewed-token'));
    expect(storage.get(TOKEN_STORAGE_KEY)).toBe('token-of-a-new-sign-in');
  });

  it('should leave the token alone when the reply renews nothing', () => {
    storage.set(TOKEN_STORAGE_KEY, 'current-token');
    adoptRenewedToken('current-token', new Headers());
    expect(storage.get(TOKEN_STORAGE_KEY)).toBe('current-token');
  });
});

describe(httpClient.name, () => {
  const calls: Request[] = [];
  const answer = (status: number, body?: unknown) => {
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(new Request(new URL(String(input), 'http://console.test'), init));
      return body === undefined ? new Response(null, { status }) : Response.json(body, { status });
    });
  };

  beforeEach(() => {
    storage.clear();
    calls.length = 0;
  });

  it('should send the stored token to the API and hand back the JSON reply', async () => {
    storage.set(TOKEN_STORAGE_KEY, 'session-token');
    answer(200, { id: 3 });

    const reply = await httpClient('/employees/3', { method: 'PUT', body: '{"name":"Ada"}' });

    expect(reply.json).toEqual({ id: 3 });
    expect(calls[0]!.url).toBe('http://console.test/api/employees/3');
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer session-token');
    expect(calls[0]!.headers.get('Content-Type')).toBe('application/json');
  });

  it("should fail with the server's status, message and field", async () => {
    answer(400, { message: 'Birthday must be a date', field: 'birthday' });

    const failure = await httpClient('/employees', { method: 'POST', body: '{}' }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ status: 400, field: 'birthday', message: 'Birthday must be a date' });
    expect(errorMessage(failure, 'Could not save')).toBe('Birthday must be a date');
  });

  it("should end the session on a signed-in call's 401, unless the call keeps its 401 to itself", async () => {
    const ended = jest.fn();
    onUnauthorized(ended);
    storage.set(TOKEN_STORAGE_KEY, 'session-token');
    answer(401, { message: 'Your session has ended. Please sign in again.' });

    await expect(httpClient('/billing/payment-success', { reportUnauthorized: false })).rejects.toMatchObject({
      status: 401,
      endedSession: false,
    });
    expect(ended).not.toHaveBeenCalled();

    await expect(httpClient('/leaves')).rejects.toMatchObject({ status: 401, endedSession: true });
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it("should say an unreachable server's failure is status 0, and leave an abandoned call an AbortError", async () => {
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const unreachable = await httpClient('/leaves').catch((error: unknown) => error);
    expect(unreachable).toMatchObject({ status: 0 });
    expect(errorMessage(unreachable, 'Could not load the requests')).toBe('Could not load the requests');

    const controller = new AbortController();
    controller.abort();
    globalThis.fetch = jest.fn(async () => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    await expect(httpClient('/leaves', { signal: controller.signal })).rejects.toHaveProperty('name', 'AbortError');
  });
});
