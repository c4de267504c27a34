// What `npm run bench:capacity` (run.ts) and its generator processes (generator.ts) tell each other.

/** One live table as a generator plays it: where its game master acts, where its players listen. */
export interface TableSpec {
  id: number;
  kind: 'app' | 'floor';
  gmOrigin: string;
  /** POST paths of an action and of an undo (the floor takes every action on actionPath). */
  actionPath: string;
  undoPath: string;
  token: string;
  campaignId: string;
  version: number;
  /** The unit the attacks and heals hit (an ally whose HP players see exactly). */
  targetId: string;
  /** The 5 player streams' full URLs, spread over the server processes. */
  streamUrls: string[];
}

export interface WindowReport {
  /** Action round trips (ms), request sent → answer read. */
  rtt: number[];
  /** Per stream and action: update arrival − request sent, and − answer read (0 if it came first). */
  updates: { fromRequest: number; fromAnswer: number }[];
  actions: number;
  errors: Record<'status' | 'request' | 'conflict' | 'streamEnded' | 'streamRefused' | 'missed', number>;
  errorSamples: string[];
  /** The generator's own event-loop delay (ms): when high, it and not the server is the bottleneck. */
  lagP99: number;
  lagMax: number;
  openStreams: number;
}

export type GeneratorMessage =
  { type: 'ready' } | { type: 'added'; ready: number } | { type: 'window'; report: WindowReport };

export type ServerProbeMessage =
  { type: 'lag'; p50: number; p99: number; max: number } | { type: 'profiled'; file: string };
