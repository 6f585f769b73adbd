/**
 * A score backed by evidence: the probe's `--format json` output read beside the lint. Each operation gets
 * what the server did on its first try and its faults (`live`), a declared pass that a probe finding of the
 * same rule contradicts becomes a failure marked as observed, and the level is a claim about the running
 * API only with enough of it tested (`confidence`).
 */
import { isObject } from '../../lib/document/document';
import type { PlainSaid } from '../../lib/findings/messages';
import { CONFIRMED_BY_PROBE } from '../../rules';
import { InputError } from '../args';
import { readParsed } from '../lint';
import { LEVELS, type Standing } from './levels';
import type { Row } from './scorecard';

/** Below this share of operations tested live, the report does not call the API agent-ready. */
export const MIN_CONFIDENCE = 0.9;
/** The blocker the next level names when too little was tested live. */
export const LIVE_EVIDENCE = 'live-evidence';

export interface Live {
  /** The first try's status; null when it was not sent or got no answer. */
  firstTry: number | null;
  /** Whether the first try tested the operation (a 2xx that gave what it was called for). */
  tested: boolean;
  probes: number;
  recovered: number;
  staleSteps: number;
}

export interface Evidence {
  tested: number;
  total: number;
  /** tested / total, 0–1, three decimals. */
  confidence: number;
}

/** What the report takes from a probe run: its rows and findings by operation label (`POST /orders`). */
export interface ProbeRun {
  live: Map<string, Live>;
  /** Each with its template's id and data when the probe gave them (a file from before findings were data has none). */
  findings: ({ rule: string; operation: string; message: string; severity: 'error' | 'warn' | 'info' | 'hint' } & Partial<PlainSaid>)[];
}

const SEVERITIES = ['error', 'warn', 'info', 'hint'];

/** Reads `probe --format json` output, or says in one line why the file is not one. */
export async function readProbe(file: string): Promise<ProbeRun> {
  return probeRunOf((await readParsed(file)).data, file);
}

/** A probe's report as its `--format json` gives it (read from `file`, or played now), or one line saying why `data` is not one. */
export function probeRunOf(data: unknown, file: string): ProbeRun {
  const wrong = () => new InputError(file, 'is not the output of `spectral-agent-ux probe --format json`');
  if (!isObject(data) || data.tool !== 'spectral-agent-ux probe' || !Array.isArray(data.operations) || !Array.isArray(data.findings)) throw wrong();
  const live = new Map<string, Live>();
  for (const row of data.operations) {
    if (!isObject(row) || typeof row.operation !== 'string') throw wrong();
    const firstTry = typeof row.firstTry === 'number' ? row.firstTry : null;
    const count = (value: unknown) => (typeof value === 'number' ? value : 0);
    const tested = firstTry !== null && firstTry >= 200 && firstTry < 300 && row.why === undefined;
    live.set(row.operation, { firstTry, tested, probes: count(row.probes), recovered: count(row.recovered), staleSteps: count(row.staleSteps) });
  }
  const findings = data.findings.flatMap(finding =>
    isObject(finding) && typeof finding.rule === 'string' && typeof finding.operation === 'string' && SEVERITIES.includes(String(finding.severity))
      ? [
          {
            rule: finding.rule,
            operation: finding.operation,
            message: String(finding.message ?? ''),
            severity: finding.severity as ProbeRun['findings'][number]['severity'],
            ...(typeof finding.messageId === 'string' && isObject(finding.data)
              ? { messageId: finding.messageId, data: finding.data as PlainSaid['data'] }
              : {}),
          },
        ]
      : [],
  );
  return { live, findings };
}

const labelOf = (row: Row) => `${row.operation.method.toUpperCase()} ${row.operation.path}`;

/** The share of the description's operations the probe tested. */
export function evidenceOf(probe: ProbeRun, rows: readonly Row[]): Evidence {
  const tested = rows.filter(row => probe.live.get(labelOf(row))?.tested === true).length;
  const total = rows.length;
  return { tested, total, confidence: total === 0 ? 0 : Math.round((tested / total) * 1000) / 1000 };
}

/**
 * Marks as failing, observed, each passing cell whose rule the probe found broken on that operation: the
 * description declares it, the server did otherwise. A runtime check's finding carries its rule's id, a probe finding
 * the id of the rule that declares it confirms (`probe.confirmedBy`). `principleRule` gives a column's rule.
 */
export function observe(probe: ProbeRun, rows: readonly Row[], principleRule: (principle: string) => string): void {
  for (const row of rows) {
    const found = probe.findings.filter(finding => finding.operation === labelOf(row));
    for (const [principle, cell] of Object.entries(row.cells)) {
      const seen = found.filter(finding => (CONFIRMED_BY_PROBE.get(finding.rule) ?? finding.rule) === principleRule(principle));
      if (cell.status !== 'pass' || seen.length === 0) continue;
      row.cells[principle] = {
        status: 'fail',
        observed: true,
        diagnostics: seen.map(({ message, messageId, data, severity }) => ({
          message: `observed by the probe: ${message}`,
          ...(messageId === undefined ? {} : { messageId, data }),
          path: row.operation.location,
          severity,
        })),
      };
    }
  }
}

/** The live row of an operation, as the JSON report gives it; null when the probe did not play it. */
export function liveOf(probe: ProbeRun | undefined, row: Row): Omit<Live, 'tested'> | null {
  const live = probe?.live.get(labelOf(row));
  return live === undefined ? null : { firstTry: live.firstTry, probes: live.probes, recovered: live.recovered, staleSteps: live.staleSteps };
}

/** The standing with too little live evidence: never agent-ready below MIN_CONFIDENCE, the missing evidence named as its blocker. */
export function withEvidence(standing: Standing, evidence: Evidence | null): Standing {
  const [below, top] = LEVELS.slice(-2);
  if (evidence === null || evidence.confidence >= MIN_CONFIDENCE || standing.reached.id !== top.id) return standing;
  return { reached: { id: below.id, name: below.name }, next: { id: top.id, name: top.name, blockers: [LIVE_EVIDENCE] } };
}
