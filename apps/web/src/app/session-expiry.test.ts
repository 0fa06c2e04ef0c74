import { accountsApi } from '@qbank/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, getAccessToken, HttpError, setAccessToken } from '../lib/http';
import { wireSessionExpiry } from './session-expiry';

const fetchMock = vi.fn<typeof fetch>();
const unauthorized = () =>
  new Response(JSON.stringify({ statusCode: 401, message: 'Need to reauthorize', code: 'UNAUTHENTICATED' }), {
    status: 401,
    statusText: 'Unauthorized',
  });

let signedIn: boolean;
let unwire: () => void;
const onExpired = vi.fn(() => {
  signedIn = false;
});

beforeEach(() => {
  fetchMock.mockReset();
  onExpired.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  signedIn = true;
  setAccessToken('tok');
  unwire = wireSessionExpiry({ isSignedIn: () => signedIn, onExpired });
});
afterEach(() => {
  unwire();
  vi.unstubAllGlobals();
});

describe('session expiry wiring', () => {
  it('a 401 on a signed-in call drops the access token and ends the session once', async () => {
    fetchMock.mockResolvedValue(unauthorized());
    const e = await call(accountsApi.me).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(HttpError);
    expect((e as HttpError).message).toBe('Need to reauthorize');
    expect(getAccessToken()).toBeNull();
    expect(onExpired).toHaveBeenCalledTimes(1);
    // Further 401s (other calls in flight) do not end it again.
    await call(accountsApi.me).catch(() => undefined);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('a deliberate logout (signed out first, then the token dropped) is not an expiry', () => {
    signedIn = false;
    setAccessToken(null);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('the quiet session probe and password-bearing posts do not end the session', async () => {
    fetchMock.mockResolvedValue(unauthorized());
    await call(accountsApi.session, {}, { quiet401: true }).catch(() => undefined);
    await call(accountsApi.updatePassword, { body: { currentPassword: 'a', newPassword: 'b' } }).catch(
      () => undefined,
    );
    expect(onExpired).not.toHaveBeenCalled();
    expect(getAccessToken()).toBe('tok');
  });

  it('unwiring removes both callbacks', async () => {
    unwire();
    fetchMock.mockResolvedValue(unauthorized());
    await call(accountsApi.me).catch(() => undefined);
    expect(getAccessToken()).toBe('tok');
    setAccessToken(null);
    expect(onExpired).not.toHaveBeenCalled();
  });
});
