// Gauges that features and the shared-state layer hand to the metrics endpoint (plugins/metrics.ts):
// the plugin renders them and knows no feature; each gauge's owner says what it measures and how.
export type GaugeReading = number | { labels: Record<string, string>; value: number }[];

export interface GaugeSpec {
  name: string;
  help: string;
  labelNames?: readonly string[];
  /** Read at each scrape. */
  read(): GaugeReading | Promise<GaugeReading>;
}

export interface Gauges {
  add(gauge: GaugeSpec): void;
  list(): readonly GaugeSpec[];
}

export function createGauges(): Gauges {
  const gauges: GaugeSpec[] = [];
  return {
    add(gauge) {
      gauges.push(gauge);
    },
    list: () => gauges,
  };
}
