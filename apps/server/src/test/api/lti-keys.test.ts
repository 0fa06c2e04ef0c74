import { expect, it } from 'vitest';
import { testClock } from '../../lib/clock';
import { ltiModule } from '../../modules/lti';
import {
  KEY_LIFETIME_MS,
  KEY_PUBLISHED_AHEAD_MS,
  RETIRED_KEY_KEPT_MS,
  rotateKeysIfDue,
  signingKey,
} from '../../modules/lti/keys';
import { appForFile, createTestApp } from '../test-app';

// The tool's key rotation (docs/lti.md): a new key is published before it signs, the old one signs until then
// and stays in the key set a day after, so whatever it signed can still be checked; two instances rotating at
// once make one key.

const clock = testClock(new Date('2026-01-01T00:00:00Z'));
const t = appForFile(() => createTestApp({ clock }));

const published = async () =>
  ((await t.client().req({ url: '/api/v2/lti/jwks' })).body.keys as { kid: string }[]).map((k) => k.kid);
const signer = async () => (await signingKey(t.deps.db, clock.now())).kid;

it('rotates the key daily once it is 90 days old: published first, signing 10 minutes later, the old one kept a day', async () => {
  expect(ltiModule.every?.map((e) => e.name)).toContain('lti.rotateKeys');
  const [a] = await published();
  expect(await published()).toEqual([a]);
  expect(await signer()).toBe(a);
  expect(await rotateKeysIfDue(t.deps.db, clock.now())).toBeNull(); // not due yet

  clock.advance(KEY_LIFETIME_MS + 1000);
  // Two instances at once: one new key.
  const made = await Promise.all([
    rotateKeysIfDue(t.deps.db, clock.now()),
    rotateKeysIfDue(t.deps.db, clock.now()),
  ]);
  const b = made.find((k) => k !== null)!;
  expect(made.filter((k) => k !== null)).toEqual([b]);
  expect((await published()).sort()).toEqual([a, b].sort());
  expect(await signer()).toBe(a); // the platforms get to know b first

  clock.advance(KEY_PUBLISHED_AHEAD_MS);
  expect(await signer()).toBe(b);
  expect((await published()).sort()).toEqual([a, b].sort()); // what a signed can still be checked

  clock.advance(RETIRED_KEY_KEPT_MS);
  expect(await published()).toEqual([b]);
  expect(await rotateKeysIfDue(t.deps.db, clock.now())).toBeNull();
  expect(await signer()).toBe(b);
});
