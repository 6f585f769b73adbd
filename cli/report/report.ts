/**
 * The report as plain data: what `--format json` prints (described by docs/report.schema.json) and
 * what the Markdown and HTML renderers read, so that the three formats cannot disagree.
 */
import { toPointer } from '../../lib/document/document';
import * as path from 'node:path';
import { name, version } from '../../package.json';
import type { ISpectralDiagnostic } from '@stoplight/spectral-core';
import type { Edit } from '../../lib/findings/edits';
import type { PlainSaid } from '../../lib/findings/messages';
import { notedFor } from '../../lib/findings/rule-function';
import { changesOf, type Change, type ChangeKind } from '../changes';
import { findingEdits, planFixes } from '../fixes';
import type { LintRun } from '../lint';
import { gainsOf, type Gain } from './gains';
import { standingOf } from './levels';
import { evidenceOf, liveOf, observe, withEvidence, type Evidence, type Live, type ProbeRun } from './evidence';
import { PRINCIPLES } from './principles';
import { buildScorecard, type Cell, type CellStatus } from './scorecard';
import { scoreOverall, scorePrinciples, type Share } from './scores';

// 2: `fixes` (a second grouping of the findings, ranked its own way) removed; its cells and other uses are each change's.
export const REPORT_SCHEMA_VERSION = 2;

export interface PrincipleData extends Share {
  id: string;
  label: string;
  rule: string;
  /** The rule's docs page, as the ruleset gives it (`documentationUrl`); null when it gives none. */
  documentationUrl: string | null;
  scope: string;
  checked: boolean;
  counts: Record<CellStatus, number>;
}

export interface OperationData {
  method: string;
  path: string;
  operationId: string | null;
  /** `#/paths/~1orders~1{id}/put`, as written in a `$ref` (RFC 6901 escapes, no percent-encoding). */
  pointer: string;
  /** The same place as the path array of Spectral's diagnostics (`spectral lint -f json`'s `path`). */
  location: (string | number)[];
  cells: Record<string, Cell>;
  /** What the probe saw of this operation (`report --probe`); null without a probe, or when it did not play it. */
  live: Omit<Live, 'tested'> | null;
}

/** One change of the triage (cli/changes.ts): the findings it clears, where, and the edit. */
export interface ChangeData {
  /** What `spectral-agent-ux fix --only` takes. */
  id: string;
  rule: string;
  kind: ChangeKind;
  target: string;
  places: string[];
  findings: number;
  /** The operations the findings stand for (every user of a component), as "METHOD /path". */
  operations: string[];
  automatic: boolean;
  /** For a pattern: every place holds the same JSON, so one component can replace the copies. */
  identical: boolean;
  /** The rule's fix, as its principle words it. */
  fix: string;
  /** What the findings say, without an operation's label. */
  text: string;
  /** The edits `fix --only` makes (none when the change needs a person), each update as JSON text: its `$ref`s are the edit's, not the report's. */
  edits: { target: string; update: string }[];
  /** Cells of the matrix this change alone turns green, and cells it touches (cli/report/gains.ts). */
  cellsFixed: number;
  cellsAffected: number;
  /** For a change by hand: the target schema's uses for another purpose; then the member goes in each response, not in the target. */
  otherUses: string[];
}

export interface ReportData {
  schemaVersion: typeof REPORT_SCHEMA_VERSION;
  tool: { name: string; version: string };
  file: string;
  /** null: the package's recommended ruleset. */
  ruleset: string | null;
  overall: { score: number | null; cells: Share; operations: Share & { total: number } };
  /** `verified`: reached with a probe's evidence (`--probe`); without it the level is what the description declares. */
  level: { id: string; name: string; verified: boolean; next: { id: string; name: string; blockers: string[] } | null };
  /** The share of operations the probe tested (first try 2xx); null without `--probe`. */
  evidence: Evidence | null;
  principles: PrincipleData[];
  /** Every change that clears findings, in the one ranking of cli/changes.ts: what the report opens with. */
  changes: ChangeData[];
  /** What `spectral-agent-ux fix` clears of this package's findings (baselined ones aside), with how many edits. */
  autofix: { findings: number; cleared: number; edits: number };
  operations: OperationData[];
  unplaced: ({ rule: string; message: string; pointer: string } & Partial<PlainSaid>)[];
}

/** Paths in the report are relative to the folder it runs in, with `/`, so that it reads the same on every machine. */
function portable(file: string, cwd: string): string {
  return path.relative(cwd, file).split(path.sep).join('/');
}

function autofixOf(run: LintRun, editsOf: Map<ISpectralDiagnostic, Edit[]>): ReportData['autofix'] {
  const plan = planFixes(run, editsOf);
  return { findings: plan.fixed.length + plan.left.length, cleared: plan.fixed.length, edits: plan.edits.length };
}

const operationName = (operation: { method: string; path: string }) => `${operation.method.toUpperCase()} ${operation.path}`;

function changeData(change: Change, gain: Gain): ChangeData {
  return {
    id: change.id,
    rule: change.rule,
    kind: change.kind,
    target: toPointer(change.target),
    places: change.places.map(toPointer),
    findings: change.findings.length,
    operations: change.operations.map(operationName),
    automatic: change.automatic,
    identical: change.identical,
    fix: PRINCIPLES.find(principle => principle.rule === change.rule)?.fix ?? '',
    text: change.text,
    edits: change.edits.map(edit => ({ target: toPointer(edit.target), update: JSON.stringify(edit.update) })),
    ...gain,
  };
}

export function buildReport(run: LintRun, cwd = process.cwd(), probe?: ProbeRun): ReportData {
  const card = buildScorecard(run);
  if (probe !== undefined) observe(probe, card.rows, id => PRINCIPLES.find(principle => principle.id === id)?.rule ?? id);
  const evidence = probe === undefined ? null : evidenceOf(probe, card.rows);
  const scores = scorePrinciples(card);
  const overall = scoreOverall(card, scores);
  const standing = withEvidence(standingOf(scores), evidence);
  const editsOf = findingEdits(run);
  const changes = changesOf(run, editsOf);
  const gains = gainsOf(run.doc, card.rows, changes);
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name, version },
    file: portable(run.file, cwd),
    ruleset: run.rulesetFile === undefined ? null : portable(run.rulesetFile, cwd),
    overall: { score: overall.cells.percent, ...overall },
    level: { ...standing.reached, verified: evidence !== null, next: standing.next ?? null },
    evidence,
    principles: scores.map(({ principle, checked, counts, passed, applicable, percent }) => ({
      id: principle.id,
      label: principle.label,
      rule: principle.rule,
      documentationUrl: run.ruleset.rules[principle.rule]?.documentationUrl ?? null,
      scope: principle.scope,
      checked,
      counts,
      passed,
      applicable,
      percent,
    })),
    changes: changes.map(change => changeData(change, gains.get(change)!)),
    autofix: autofixOf(run, editsOf),
    operations: card.rows.map(row => ({
      method: row.operation.method.toUpperCase(),
      path: row.operation.path,
      operationId: typeof row.operation.node.operationId === 'string' ? row.operation.node.operationId : null,
      pointer: toPointer(row.operation.location),
      location: row.operation.location,
      cells: row.cells,
      live: liveOf(probe, row),
    })),
    unplaced: card.unplaced.map(diagnostic => ({
      rule: String(diagnostic.code),
      message: diagnostic.message,
      ...notedFor(run.said, diagnostic),
      pointer: toPointer(diagnostic.path),
    })),
  };
}
