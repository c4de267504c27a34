// One Lighthouse navigation (performance category only) in a Chromium of its own, as the
// `lighthouse` CLI does. Desktop uses Lighthouse's desktop preset (the scoring the LCP ≤ 1.2 s target
// comes from); mobile is Lighthouse's default (Moto G Power emulation, slow 4G, 4× CPU slowdown).
// Both use simulated throttling (Lantern), Lighthouse's default.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import { CHROME_FLAGS, CHROME_PATH } from './browser';

export type Preset = 'desktop' | 'mobile';

export interface LighthouseSample {
  /** 0–100. */
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Performance audits that did not pass (score < 0.9), with Lighthouse's own figure. */
  findings: { id: string; title: string; display: string }[];
  warnings: string[];
}

const metric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

class LighthouseRunError extends Error {}

/**
 * Lighthouse sometimes loses the trace of a load (NO_NAVSTART, NO_FCP on a busy machine): such a run
 * is repeated in a fresh Chromium, up to twice, and the retry is reported in the sample's warnings.
 */
export async function runLighthouse(url: string, preset: Preset): Promise<LighthouseSample> {
  const failures: string[] = [];
  for (;;) {
    try {
      const sample = await runOnce(url, preset);
      sample.warnings.push(...failures.map((f) => `retried after: ${f}`));
      return sample;
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || failures.length >= 2) throw error;
      failures.push(error.message);
    }
  }
}

async function runOnce(url: string, preset: Preset): Promise<LighthouseSample> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new LighthouseRunError(`${lhr.runtimeError.code ?? 'error'} on ${url}`);
    const category = lhr.categories.performance;
    const findings = (category?.auditRefs ?? [])
      .filter((ref) => ref.group !== 'metrics' && ref.group !== 'hidden')
      .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
      .filter(
        ({ audit }) =>
          audit &&
          audit.score !== null &&
          audit.score < 0.9 &&
          ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode),
      )
      .map(({ ref, audit }) => ({
        id: ref.id,
        title: audit?.title ?? ref.id,
        display: audit?.displayValue ?? '',
      }));
    return {
      score: Math.round((category?.score ?? Number.NaN) * 100),
      fcpMs: metric(lhr, 'first-contentful-paint'),
      lcpMs: metric(lhr, 'largest-contentful-paint'),
      tbtMs: metric(lhr, 'total-blocking-time'),
      cls: metric(lhr, 'cumulative-layout-shift'),
      speedIndexMs: metric(lhr, 'speed-index'),
      findings,
      warnings: lhr.runWarnings,
    };
  } finally {
    chrome.kill();
  }
}
