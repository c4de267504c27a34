import { describe, expect, it } from 'vitest';
import { MAX_REPORTED_ORIGINS, requestOrigin, watchPublicOrigin, type PageRequest } from './public-origin';

function watcher(publicUrl = 'http://localhost:3000') {
  const warnings: { origin: string; message: string }[] = [];
  const check = watchPublicOrigin(publicUrl, {
    warn: (fields: unknown, message?: string) => {
      warnings.push({ origin: (fields as { origin: string }).origin, message: message ?? '' });
    },
  } as never);
  const open = (host: string, url = '/en', extra: Partial<PageRequest> = {}) =>
    check({ method: 'GET', url, protocol: 'http', host, ...extra });
  return { warnings, open };
}

describe('public origin watch', () => {
  it('warns once per other origin a page is opened on, naming both and what to do', () => {
    const { warnings, open } = watcher();
    open('localhost:3000');
    expect(warnings).toEqual([]);
    open('127.0.0.1:3000');
    open('127.0.0.1:3000', '/assets/index.js');
    open('[::1]:3000');
    expect(warnings.map((w) => w.origin)).toEqual(['http://127.0.0.1:3000', 'http://[::1]:3000']);
    expect(warnings[0]?.message).toContain('PUBLIC_URL is http://localhost:3000');
    expect(warnings[0]?.message).toContain('checkout window');
  });

  it('compares whole origins: scheme, case and default ports as a browser does', () => {
    const { warnings, open } = watcher('https://QK.example/');
    open('qk.example:443', '/en', { protocol: 'https' });
    open('Qk.Example', '/en', { protocol: 'https' });
    expect(warnings).toEqual([]);
    open('qk.example');
    expect(warnings.map((w) => w.origin)).toEqual(['http://qk.example']);
  });

  it('leaves API calls, other methods and unreadable hosts alone', () => {
    const { warnings, open } = watcher();
    open('10.0.0.5:3000', '/api/health');
    open('10.0.0.5:3000', '/api');
    open('10.0.0.5:3000', '/en', { method: 'POST' });
    open('');
    open('bad host:3000');
    expect(warnings).toEqual([]);
    expect(requestOrigin({ protocol: 'http', host: 'bad host' })).toBeUndefined();
  });

  it('stops reporting after a bounded number of origins (any client can send any Host)', () => {
    const { warnings, open } = watcher();
    for (let i = 0; i < MAX_REPORTED_ORIGINS + 5; i++) open(`host-${i}.test`);
    expect(warnings).toHaveLength(MAX_REPORTED_ORIGINS);
  });
});
