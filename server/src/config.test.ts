import { describe, expect, it } from 'vitest';
import { ConfigError, demoNotice, isLoopbackHost, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults: port 3000, embedded database in ./data, demo mail and payments', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: expect.stringMatching(/\/data$/) });
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.stripe).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  // Started on 127.0.0.1 with the old fixed default (localhost), payment returns landed on
  // another origin, signed out, and the checkout window never closed.
  it('defaults PUBLIC_URL to the origin the server listens on', () => {
    expect(loadConfig({ HOST: '127.0.0.1', PORT: '4100' }).publicUrl).toBe('http://127.0.0.1:4100');
    expect(loadConfig({ HOST: '::1', PORT: '8080' }).publicUrl).toBe('http://[::1]:8080');
    // Network addresses in demo mode need DEMO_MODE=true (decision 045).
    const demo = { DEMO_MODE: 'true' };
    expect(loadConfig({ ...demo, HOST: 'qk.lan' }).publicUrl).toBe('http://qk.lan:3000');
    // All interfaces: no address of their own, the browser opens localhost.
    expect(loadConfig({ ...demo, HOST: '0.0.0.0', PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ ...demo, HOST: '::' }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ ...demo, HOST: '[::]' }).publicUrl).toBe('http://localhost:3000');
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

  it('takes SHARE_LINK_KEY as 32 bytes in hex or base64, else a key file in DATA_DIR (decision 050)', () => {
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ SHARE_LINK_KEY: hex }).shareLinkKey).toEqual({
      kind: 'key',
      key: Buffer.from(hex, 'hex'),
    });
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ SHARE_LINK_KEY: base64 }).shareLinkKey).toEqual({
      kind: 'key',
      key: Buffer.alloc(32, 7),
    });
    expect(loadConfig({ DATA_DIR: '/srv/qk' }).shareLinkKey).toEqual({
      kind: 'file',
      path: '/srv/qk/share-link.key',
    });
    expect(() => loadConfig({ SHARE_LINK_KEY: 'short' })).toThrow(/SHARE_LINK_KEY/);
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

  describe('demo mode is local unless DEMO_MODE=true says otherwise (decision 045)', () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_ADVENTURER: 'price_a',
      STRIPE_PRICE_HERO: 'price_h',
    };
    const real = { SMTP_URL: 'smtps://u:p@mail.example:465', ...stripe };
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error(`no refusal for ${JSON.stringify(env)}`);
    };

    it('listens on loopback by default while mail or payments run in demo, and says why', () => {
      for (const env of [{}, { SMTP_URL: real.SMTP_URL }, stripe]) {
        const config = loadConfig(env);
        expect(config.host).toBe('127.0.0.1');
        expect(config.demo.localOnly).toBe(true);
        // The README's address still opens it, and payment returns land on that origin.
        expect(config.publicUrl).toBe('http://localhost:3000');
      }
      const notice = demoNotice(loadConfig({}));
      expect(notice).toContain('listens on 127.0.0.1 only');
      expect(notice).toContain('open http://localhost:3000');
      for (const name of ['SMTP_URL', 'STRIPE_SECRET_KEY', 'STRIPE_PRICE_HERO', 'DEMO_MODE=true'])
        expect(notice).toContain(name);
      // Only what is missing is named.
      expect(demoNotice(loadConfig({ SMTP_URL: real.SMTP_URL }))).not.toContain('SMTP_URL');
      expect(demoNotice(loadConfig(stripe))).not.toContain('STRIPE_');
    });

    it('refuses a demo HOST reachable from other machines, naming the missing variables', () => {
      for (const HOST of ['0.0.0.0', '::', '[::]', '192.168.1.20', 'qk.lan']) {
        const message = refusal({ HOST });
        expect(message).toContain(`HOST=${HOST}`);
        for (const name of ['SMTP_URL', ...Object.keys(stripe), 'DEMO_MODE=true', 'HOST=127.0.0.1'])
          expect(message).toContain(name);
      }
      const mailOnly = refusal({ HOST: '0.0.0.0', ...stripe });
      expect(mailOnly).toContain('SMTP_URL');
      expect(mailOnly).not.toContain('STRIPE_');
      const paymentsOnly = refusal({ HOST: '0.0.0.0', SMTP_URL: real.SMTP_URL });
      expect(paymentsOnly).toContain('STRIPE_SECRET_KEY');
      expect(paymentsOnly).not.toContain('SMTP_URL');
    });

    it('refuses demo mode behind a reverse proxy (TRUST_PROXY=true), even on loopback', () => {
      const message = refusal({ HOST: '127.0.0.1', TRUST_PROXY: 'true' });
      expect(message).toContain('TRUST_PROXY=true');
      expect(message).toContain('DEMO_MODE=true');
    });

    it('takes any loopback HOST in demo mode', () => {
      for (const HOST of [
        '127.0.0.1',
        '127.0.0.2',
        'localhost',
        '::1',
        '[::1]',
        '0:0:0:0:0:0:0:1',
        '::ffff:127.0.0.1',
      ])
        expect(loadConfig({ HOST }).host).toBe(HOST);
      expect(isLoopbackHost('128.0.0.1')).toBe(false);
      expect(isLoopbackHost('localhost.example')).toBe(false);
      expect(isLoopbackHost('::2')).toBe(false);
    });

    it('opens demo mode to any interface with DEMO_MODE=true', () => {
      expect(loadConfig({ DEMO_MODE: 'true' }).host).toBe('0.0.0.0');
      const config = loadConfig({ DEMO_MODE: 'true', HOST: '0.0.0.0', TRUST_PROXY: 'true' });
      expect(config.demo).toEqual({ mail: true, payments: true, declared: true, localOnly: false });
      expect(demoNotice(config)).toContain('DEMO_MODE=true');
    });

    it('listens on every interface with real mail and payments, and says nothing about demo', () => {
      expect(loadConfig(real).host).toBe('0.0.0.0');
      const config = loadConfig({ ...real, HOST: '0.0.0.0', TRUST_PROXY: 'true' });
      expect(config.demo).toEqual({ mail: false, payments: false, declared: false, localOnly: false });
      expect(demoNotice(config)).toBeUndefined();
    });
  });
});
