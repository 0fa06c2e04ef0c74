import { endpoint } from '@qbank/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { can } from '../policies';
import { route } from './route';

const probe = (path: string) =>
  endpoint({
    method: 'GET',
    path,
    summary: 'A probe',
    tags: ['test'],
    access: 'public',
    response: z.object({ listed: z.boolean() }),
  });

describe('a route that declares its policies', () => {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Asks the policy it declares, in a later tick (as a service that reads the database first does).
  route(
    app,
    probe('/asks'),
    async () => {
      await new Promise((r) => setImmediate(r));
      return { listed: await can(null, 'products.listUnpublished', {}) };
    },
    { policy: 'products.listUnpublished' },
  );
  // Declares a policy its service never asks: a forgotten check.
  route(app, probe('/forgets'), async () => ({ listed: true }), {
    policy: ['products.listUnpublished', 'billing.manage'],
  });
  // Declares none: nothing is checked.
  route(app, probe('/none'), async () => ({ listed: false }));
  afterAll(() => app.close());

  it('answers when the service asked every policy the route declares', async () => {
    const r = await app.inject({ method: 'GET', url: '/asks' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ listed: false });
  });

  it('refuses to send an answer for which a declared policy was not asked', async () => {
    const r = await app.inject({ method: 'GET', url: '/forgets' });
    expect(r.statusCode).toBe(500);
    expect(r.body).not.toContain('"listed"');
  });

  it('one request asking does not count for another', async () => {
    const [asked, forgot] = await Promise.all([
      app.inject({ method: 'GET', url: '/asks' }),
      app.inject({ method: 'GET', url: '/forgets' }),
    ]);
    expect(asked.statusCode).toBe(200);
    expect(forgot.statusCode).toBe(500);
  });

  it('checks nothing on a route that declares no policy', async () => {
    expect((await app.inject({ method: 'GET', url: '/none' })).statusCode).toBe(200);
  });
});
