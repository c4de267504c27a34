// Preloaded into each server process of `npm run bench:capacity` (node --import): answers the parent's
// probes over IPC without touching the server's code — its event-loop delay over the measured window,
// and a CPU profile of one window (node:inspector, the same sampling the other benches use).
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const lag = monitorEventLoopDelay({ resolution: 10 });
lag.enable();
let session;
process.on('message', (message) => {
  if (message?.type === 'lag-reset') lag.reset();
  if (message?.type === 'lag') {
    process.send?.({
      type: 'lag',
      p50: lag.percentile(50) / 1e6,
      p99: lag.percentile(99) / 1e6,
      max: lag.max / 1e6,
    });
  }
  if (message?.type === 'profile-start') {
    session = new Session();
    session.connect();
    void session
      .post('Profiler.enable')
      .then(() => session.post('Profiler.setSamplingInterval', { interval: 500 }))
      .then(() => session.post('Profiler.start'));
  }
  if (message?.type === 'profile-stop' && session) {
    const open = session;
    session = undefined;
    void open.post('Profiler.stop').then(({ profile }) => {
      fs.writeFileSync(message.file, JSON.stringify(profile));
      open.disconnect();
      process.send?.({ type: 'profiled', file: message.file });
    });
  }
});
// The IPC channel must not keep a stopping server alive.
process.channel?.unref();
