import os from 'node:os';

/** Prints the load average before the run and now (high figures mean other work shared the CPU); returns now's. */
export function logLoadAverage(before: number[], cpuCount: number): number[] {
  const after = os.loadavg();
  const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(' / ');
  console.log(
    `\nLoad average (1 / 5 / 15 min) before: ${load(before)}, after: ${load(after)} (${cpuCount} CPUs)`,
  );
  return after;
}
