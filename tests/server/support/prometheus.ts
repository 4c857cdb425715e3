/** Test support: /metrics read back through a Prometheus text-format parser (parse-prometheus-text-format). */
import type { FastifyInstance } from 'fastify'
// The package ships no types of its own; its one function's shape is declared here.
// @ts-expect-error untyped package
import parse from 'parse-prometheus-text-format'

export interface Sample {
  labels?: Record<string, string>
  value?: string
  count?: string
  sum?: string
  buckets?: Record<string, string>
}
export interface Family {
  name: string
  help: string
  type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED'
  metrics: Sample[]
}

export const parseMetrics = (text: string): Family[] => (parse as (t: string) => Family[])(text)

/** GET /metrics from this machine, parsed. */
export async function scrape(app: FastifyInstance): Promise<Family[]> {
  const res = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })
  if (res.statusCode !== 200) throw new Error(`/metrics answered ${res.statusCode}`)
  return parseMetrics(res.body)
}

/**
 * The value of the sample of `family` (a counter or gauge) whose labels include `labels`; 0 when there is
 * none. (The parser keeps a histogram's buckets only when it has no labels: histograms are checked by type.)
 */
export function valueOf(families: Family[], family: string, labels: Record<string, string> = {}): number {
  const f = families.find((x) => x.name === family)
  const sample = f?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))
  if (!sample) return 0
  return Number(sample.value ?? 0)
}
