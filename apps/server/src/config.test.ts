import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const stripe = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_123' };

describe('payments in production', () => {
  it('refuses to start without STRIPE_SECRET_KEY, in one line naming it', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Invalid configuration: STRIPE_SECRET_KEY is required when NODE_ENV=production/);
    expect(message).toContain('TEST_CHECKOUT=on');
    expect(message).not.toContain('\n');
  });

  it('starts with a Stripe key, or with the test checkout asked for by name', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...stripe }).stripeSecretKey).toBe('sk_test_123');
    expect(loadConfig({ NODE_ENV: 'production', TEST_CHECKOUT: 'on' }).stripeSecretKey).toBeUndefined();
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CHECKOUT: 'off' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CHECKOUT: 'maybe' })).toThrow(
      /^Invalid configuration: TEST_CHECKOUT must be true or false$/,
    );
  });

  it('keeps the test checkout as the default outside production', () => {
    expect(loadConfig({}).stripeSecretKey).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'development' }).stripeSecretKey).toBeUndefined();
  });
});

describe('PUBLIC_URL', () => {
  it('defaults to where the server listens, so the printed address and mailed links share one origin', () => {
    expect(loadConfig({}).publicUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ HOST: 'localhost', PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ HOST: '0.0.0.0' }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ HOST: '::' }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ HOST: '::1', PORT: '4000' }).publicUrl).toBe('http://[::1]:4000');
  });

  it('is taken as given, without a trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://qbank.example.com/' }).publicUrl).toBe(
      'https://qbank.example.com',
    );
    expect(() => loadConfig({ PUBLIC_URL: 'qbank.example.com' })).toThrow(
      /^Invalid configuration: PUBLIC_URL/,
    );
  });
});

describe('WEB_DIST', () => {
  it('is read here (and nowhere else) as an absolute path; absent when unset', () => {
    expect(loadConfig({ WEB_DIST: 'some/build' }).webDist).toBe(path.resolve('some/build'));
    expect(loadConfig({}).webDist).toBeUndefined();
  });
});

describe('S3 media storage', () => {
  const bucket = { S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000' };

  it('is used from S3_BUCKET on, with the rest as given', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({
        ...bucket,
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_REGION: 'eu-west-1',
      }).s3,
    ).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'media',
      region: 'eu-west-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
    });
  });

  it('refuses a half-set configuration rather than keep media on local disk', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /^Invalid configuration: S3_BUCKET is required when S3_ENDPOINT is set$/,
    );
    expect(() => loadConfig({ S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(
      /^Invalid configuration: S3_BUCKET is required when S3_ACCESS_KEY_ID is set$/,
    );
    expect(() => loadConfig({ ...bucket, S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /^Invalid configuration: S3_SECRET_ACCESS_KEY is required when S3_ACCESS_KEY_ID is set$/,
    );
    expect(() => loadConfig({ ...bucket, S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(
      /^Invalid configuration: S3_ACCESS_KEY_ID is required when S3_SECRET_ACCESS_KEY is set$/,
    );
  });
});

describe('a bad value', () => {
  it('stops the start with one line naming the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^Invalid configuration: PORT must be a port number$/);
  });
});
