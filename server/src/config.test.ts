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
});
