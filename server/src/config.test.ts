import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults: port 3000, embedded database in ./data, demo mail and payments', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: expect.stringMatching(/\/data$/) });
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.stripe).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  // Issue #16: started on 127.0.0.1 with the old fixed default (localhost), payment returns landed on
  // another origin, signed out, and the checkout window never closed.
  it('defaults PUBLIC_URL to the origin the server listens on', () => {
    expect(loadConfig({ HOST: '127.0.0.1', PORT: '4100' }).publicUrl).toBe('http://127.0.0.1:4100');
    expect(loadConfig({ HOST: 'qk.lan' }).publicUrl).toBe('http://qk.lan:3000');
    expect(loadConfig({ HOST: '::1', PORT: '8080' }).publicUrl).toBe('http://[::1]:8080');
    // All interfaces: no address of their own, the browser opens localhost.
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ HOST: '::' }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ HOST: '[::]' }).publicUrl).toBe('http://localhost:3000');
  });

  it('takes PUBLIC_URL as given, without a trailing slash, whatever HOST is', () => {
    expect(loadConfig({ HOST: '127.0.0.1', PUBLIC_URL: 'https://qk.example/' }).publicUrl).toBe(
      'https://qk.example',
    );
  });

  it('switches to PostgreSQL with DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/qk' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/qk' });
  });

  it('lists every invalid variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SUPPORT_EMAIL: 'nope' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('SUPPORT_EMAIL');
  });

  it('refuses a partial Stripe configuration', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE/);
  });

  it('takes STRIPE_API_BASE (a Stripe fake) under NODE_ENV=test only', () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_ADVENTURER: 'price_a',
      STRIPE_PRICE_HERO: 'price_h',
      STRIPE_API_BASE: 'http://127.0.0.1:4010',
    };
    expect(loadConfig({ ...stripe, NODE_ENV: 'test' }).stripe?.apiBase).toBe('http://127.0.0.1:4010');
    for (const NODE_ENV of ['production', 'development']) {
      expect(() => loadConfig({ ...stripe, NODE_ENV })).toThrow(/STRIPE_API_BASE: only for tests/);
    }
    expect(loadConfig({ ...stripe, STRIPE_API_BASE: '', NODE_ENV: 'production' }).stripe?.apiBase).toBe(
      undefined,
    );
  });
});
