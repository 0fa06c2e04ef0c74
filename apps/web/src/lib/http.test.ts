import { accountsApi, Messages, registrationApi, storeApi, subscriptionsApi } from '@qbank/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  call,
  HttpError,
  request,
  setAccessToken,
  setReauthorizeHandler,
  setSleep,
  setUnauthorizedHandler,
} from './http';

const fetchMock = vi.fn<typeof fetch>();
const waits: number[] = [];
/** The HttpError a call fails with (a call that succeeds fails the test). */
const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (x: HttpError) => x,
  );

const json = (status: number, body: unknown, statusText = '') =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, statusText });

beforeEach(() => {
  fetchMock.mockReset();
  waits.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  setSleep(async (ms) => {
    waits.push(ms);
  });
  setUnauthorizedHandler(null);
  setReauthorizeHandler(null);
  setAccessToken('tok');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the API client', () => {
  it('sends credentials and the access token as X-CSRF-Token, and JSON bodies', async () => {
    fetchMock.mockResolvedValue(json(200, { a: 1 }));
    expect(await request('/api/x', { method: 'POST', body: { b: 2 } })).toEqual({ a: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/x');
    const headers = init!.headers as Record<string, string>;
    expect(init!.credentials).toBe('include');
    expect(headers['X-CSRF-Token']).toBe('tok');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init!.body).toBe('{"b":2}');
  });

  it('sends no CSRF header when signed out', async () => {
    setAccessToken(null);
    fetchMock.mockResolvedValue(json(200, {}));
    await request('/api/x');
    const headers = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers['X-CSRF-Token']).toBeUndefined();
  });

  it('throws the status text plus the message field, carrying the status code', async () => {
    fetchMock.mockResolvedValue(json(409, { message: 'User exists', field: 'username' }, 'Conflict'));
    const e = await failure(request('/api/x', { method: 'POST', body: {} }));
    expect(e).toBeInstanceOf(HttpError);
    expect(e.message).toBe('Conflict: User exists');
    expect(e.statusCode).toBe(409);
    expect(e.serverMessage).toBe('User exists');
    expect(e.field).toBe('username');
  });

  it('uses a string body as the message, else Unknown', async () => {
    fetchMock.mockResolvedValueOnce(json(400, 'plain words', 'Bad Request'));
    expect((await failure(request('/a'))).message).toBe('Bad Request: plain words');
    fetchMock.mockResolvedValueOnce(json(400, { other: 1 }, 'Bad Request'));
    expect((await failure(request('/a'))).message).toBe('Bad Request: Unknown');
    fetchMock.mockResolvedValueOnce(new Response('', { status: 404, statusText: 'Not Found' }));
    expect((await failure(request('/a'))).message).toBe('Not Found: Unknown');
  });

  it('on 401 runs the logout callback and throws Need to reauthorize', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValue(json(401, { message: 'nope' }, 'Unauthorized'));
    const e = await failure(call(accountsApi.me));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(e).toBeInstanceOf(HttpError);
    expect(e.message).toBe('Need to reauthorize');
    expect(e.message).toBe(Messages.needReauthorize);
    expect(e.serverMessage).toBe(Messages.needReauthorize);
    expect(e.statusCode).toBe(401);
  });

  it("on 401 keeps the server's code, so an expired session can be told from none", async () => {
    fetchMock.mockResolvedValueOnce(
      json(401, { message: Messages.sessionExpired, code: 'SESSION_EXPIRED' }, 'Unauthorized'),
    );
    const expired = await failure(call(accountsApi.session, {}, { quiet401: true }));
    expect(expired.message).toBe('Need to reauthorize');
    expect(expired.code).toBe('SESSION_EXPIRED');
    fetchMock.mockResolvedValueOnce(new Response('', { status: 401 }));
    const bare = await failure(call(accountsApi.session, {}, { quiet401: true }));
    expect(bare.message).toBe('Need to reauthorize');
    expect(bare.code).toBeUndefined();
  });

  it('on 401 of the quiet session probe does not run the logout callback', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValue(json(401, { code: 'UNAUTHENTICATED' }, 'Unauthorized'));
    const e = await failure(call(accountsApi.session, {}, { quiet401: true }));
    expect(e.statusCode).toBe(401);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('on 401 of a password-bearing form post returns the response to the caller instead', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValue(json(401, { message: Messages.loginFailed }, 'Unauthorized'));
    const e = await failure(
      call(accountsApi.login, { body: new URLSearchParams({ username: 'a', password: 'b' }) }),
    );
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(e.serverMessage).toBe(Messages.loginFailed);
    expect(e.message).toBe(`Unauthorized: ${Messages.loginFailed}`);
    const e2 = await failure(
      call(accountsApi.updatePassword, { body: { currentPassword: 'x', newPassword: 'y' } }),
    );
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(e2.statusCode).toBe(401);
  });

  it('retries statuses above 500 with 200, 400, 800, 1600, 3200 ms, then gives up', async () => {
    fetchMock.mockImplementation(async () => json(503, { message: 'busy' }, 'Service Unavailable'));
    const e = await failure(request('/api/x'));
    expect(waits).toEqual([200, 400, 800, 1600, 3200]);
    expect(fetchMock).toHaveBeenCalledTimes(6);
    expect(e.statusCode).toBe(503);
  });

  it('stops retrying once a call succeeds, and never retries a 500', async () => {
    fetchMock.mockResolvedValueOnce(json(502, {})).mockResolvedValueOnce(json(200, { ok: true }));
    expect(await request('/api/x')).toEqual({ ok: true });
    expect(waits).toEqual([200]);
    waits.length = 0;
    fetchMock.mockResolvedValueOnce(json(500, { message: 'boom' }, 'Internal Server Error'));
    expect((await failure(request('/api/x'))).statusCode).toBe(500);
    expect(waits).toEqual([]);
  });

  it('runs the reauthorize callback after a falsy access token is set', () => {
    const cb = vi.fn();
    setReauthorizeHandler(cb);
    setAccessToken('x');
    expect(cb).not.toHaveBeenCalled();
    setAccessToken(null);
    setAccessToken('');
    expect(cb).toHaveBeenCalledTimes(2);
  });

  it('lets a network failure through as a TypeError (the login screen shows its own message)', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    await expect(request('/api/x')).rejects.toBeInstanceOf(TypeError);
  });
});

describe('call(endpoint, input): the endpoints the contract declares', () => {
  it('fills path parameters (encoded), adds the query, sends the method and the JSON body', async () => {
    fetchMock.mockImplementation(async () => json(200, {}));
    await call(subscriptionsApi.cancel, { params: { userId: 'a/b', subId: 's 1' } });
    await call(storeApi.search, {
      query: { sortField: 'name', sortOrder: 'DESC' },
      body: { searchTerm: ' ' },
    });
    const [[url1, init1], [url2, init2]] = fetchMock.mock.calls as [
      [string, RequestInit],
      [string, RequestInit],
    ];
    expect(url1).toBe('/api/v2/users/a%2Fb/subscriptions/s%201/cancel');
    expect(init1.method).toBe('DELETE');
    expect(init1.body).toBeUndefined();
    expect(url2).toBe('/api/v2/products/productSearchContent?sortField=name&sortOrder=DESC');
    expect(init2.method).toBe('POST');
    expect(init2.body).toBe('{"searchTerm":" "}');
  });

  it('sends an empty JSON object to a POST that takes no body, and form data as it is', async () => {
    fetchMock.mockImplementation(async () => json(200, { accessToken: 't' }));
    await call(registrationApi.completeStreamlined, { query: { token: 'a&b' } });
    const form = new URLSearchParams({ username: 'u', password: 'p' });
    await call(accountsApi.login, { body: form });
    const [[url1, init1], [url2, init2]] = fetchMock.mock.calls as [
      [string, RequestInit],
      [string, RequestInit],
    ];
    expect(url1).toBe('/api/v1/completeStreamlinedRegistration?token=a%26b');
    expect(init1.body).toBe('{}');
    expect(url2).toBe('/login');
    expect(init2.body).toBe(form);
  });

  it('refuses a path parameter that is missing instead of calling a wrong URL', async () => {
    await expect(
      // @ts-expect-error params are required by the declaration
      call(subscriptionsApi.list, {}),
    ).rejects.toThrow('Missing path parameter userId');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
