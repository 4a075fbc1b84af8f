/** One line of Prometheus' text format: `name{label="value",…} 1.5`. */
export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE_LINE = /^([A-Za-z_:][A-Za-z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL_PAIR = /([A-Za-z_][A-Za-z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

function sampleValue(text: string): number {
  if (text === '+Inf') return Number.POSITIVE_INFINITY;
  if (text === '-Inf') return Number.NEGATIVE_INFINITY;
  return Number(text);
}

/** Every sample of a /metrics reply, or those of one metric name. */
export function metricSamples(exposition: string, name?: string): MetricSample[] {
  const samples: MetricSample[] = [];
  for (const line of exposition.split('\n')) {
    const match = SAMPLE_LINE.exec(line);
    if (!match || (name !== undefined && match[1] !== name)) continue;
    const labels: Record<string, string> = {};
    for (const [, label, value] of (match[2] ?? '').matchAll(LABEL_PAIR)) labels[label!] = value!;
    samples.push({ name: match[1]!, labels, value: sampleValue(match[3]!) });
  }
  return samples;
}

/**
 * The value of the one sample of `name` whose labels include `labels`; undefined when there is
 * none, an error when several match (the labels given do not pick one series).
 */
export function metricValue(exposition: string, name: string, labels: Record<string, string>): number | undefined {
  const matching = metricSamples(exposition, name).filter((sample) =>
    Object.entries(labels).every(([label, value]) => sample.labels[label] === value),
  );
  if (matching.length > 1) throw new Error(`${matching.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return matching[0]?.value;
}
