// Browser journeys against the built app, started once by `npm start` on its own port with a fresh
// DATA_DIR. Chromium is Debian's (Playwright cannot download browsers here).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Set once in the main process; workers inherit the environment, so they agree on port and folder.
process.env.E2E_PORT ??= String(4100 + (process.pid % 800));
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'qk-e2e-'));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // A journey alone takes 3–25 s; on CI's two cores, beside a second worker and the server, the
  // longest passed 30 s (decision 054).
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    // DOM snapshots and the network are what a failure's trace is read for; the screencast frames
    // cost CPU on every step of every journey (decision 054).
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  webServer: {
    command: 'node ../scripts/start.mjs',
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // Journeys register many accounts from one IP.
      RATE_LIMIT_SCALE: '100',
      // Journeys may write a tier straight into the database: no cached sessions (decision 009).
      SESSION_CACHE_TTL_MS: '0',
    },
  },
});
