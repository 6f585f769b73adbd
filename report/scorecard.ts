/**
 * The scorecard model: one row per operation, one cell per principle, each cell decided by the
 * diagnostics Spectral produced with the user's ruleset, so that a failing cell is exactly an
 * operation where `spectral lint` reports that principle's rule.
 */
import type { ISpectralDiagnostic, Ruleset } from '@stoplight/spectral-core';
import { OpenApiDocument, type JsonPath, type Operation } from '../lib/document';
import { exemptionReason } from '../lib/rule-function';
import { PRINCIPLES, type Principle } from './principles';

export type CellStatus = 'pass' | 'fail' | 'exempt' | 'not-applicable' | 'not-checked';

export interface CellDiagnostic {
  message: string;
  path: JsonPath;
  severity: 'error' | 'warn' | 'info' | 'hint';
}

export interface Cell {
  status: CellStatus;
  /** For `exempt`: the `x-ax-exempt` reason, or "overrides". */
  reason?: string;
  /** For `fail`: the diagnostics of the principle's rule inside the operation. */
  diagnostics?: CellDiagnostic[];
}

export interface Row {
  operation: Operation;
  cells: Record<string, Cell>;
}

export interface LintedDocument {
  /** The document's absolute path: the `source` of Spectral's diagnostics. */
  file: string;
  doc: OpenApiDocument;
  ruleset: Ruleset;
  diagnostics: readonly ISpectralDiagnostic[];
}

const SEVERITY_NAMES = ['error', 'warn', 'info', 'hint'] as const;
const OFF = -1;

/** What Spectral itself would do with one rule on this file: is it run at all, and at which severity at a path. */
interface RuleState {
  checked: boolean;
  offAt(path: JsonPath): boolean;
}

function ruleState(ruleset: Ruleset, forFile: Ruleset, file: string, ruleId: string, operations: readonly Operation[]): RuleState {
  const severityIn = (set: Ruleset, path: JsonPath) => {
    const rule = set.rules[ruleId];
    return rule === undefined || !rule.enabled ? OFF : rule.getSeverityForSource(file, path);
  };
  // On in the ruleset, or switched on by an override for some operation of this file.
  const checked = severityIn(ruleset, []) !== OFF || operations.some(operation => severityIn(forFile, operation.location) !== OFF);
  return { checked, offAt: path => severityIn(forFile, path) === OFF };
}

const pathKey = (path: readonly (string | number)[]) => path.map(String).join('\u0000');

/** The diagnostics of each principle's rule, per operation they sit in; the rest are `unplaced`. */
function placeDiagnostics(linted: LintedDocument, operations: readonly Operation[]) {
  const byLocation = new Map<string, Operation[]>();
  for (const operation of operations) {
    const key = pathKey(operation.location);
    byLocation.set(key, [...(byLocation.get(key) ?? []), operation]);
  }
  const principleRules = new Set<string>(PRINCIPLES.map(principle => principle.rule));
  const placed = new Map<string, Map<Operation, ISpectralDiagnostic[]>>();
  const unplaced: ISpectralDiagnostic[] = [];
  for (const diagnostic of linted.diagnostics) {
    if (!principleRules.has(String(diagnostic.code))) continue;
    const owners = diagnostic.source === undefined || diagnostic.source === linted.file ? ownersOf(diagnostic.path, byLocation) : [];
    if (owners.length === 0) unplaced.push(diagnostic);
    const perOperation = placed.get(String(diagnostic.code)) ?? new Map<Operation, ISpectralDiagnostic[]>();
    placed.set(String(diagnostic.code), perOperation);
    for (const owner of owners) perOperation.set(owner, [...(perOperation.get(owner) ?? []), diagnostic]);
  }
  return { placed, unplaced };
}

/** The operations whose location is a prefix of the path (several when path items share a `$ref`). */
function ownersOf(path: JsonPath, byLocation: Map<string, Operation[]>): Operation[] {
  for (let length = 1; length <= path.length; length++) {
    const owners = byLocation.get(pathKey(path.slice(0, length)));
    if (owners !== undefined) return owners;
  }
  return [];
}

function toCellDiagnostic(diagnostic: ISpectralDiagnostic): CellDiagnostic {
  return { message: diagnostic.message, path: [...diagnostic.path], severity: SEVERITY_NAMES[diagnostic.severity] ?? 'hint' };
}

/** A failure outranks everything else, so that every diagnostic shows up as a failing cell. */
function cellFor(doc: OpenApiDocument, principle: Principle, operation: Operation, state: RuleState, diagnostics: readonly ISpectralDiagnostic[]): Cell {
  if (!state.checked) return { status: 'not-checked' };
  if (diagnostics.length > 0) return { status: 'fail', diagnostics: diagnostics.map(toCellDiagnostic) };
  const reason = exemptionReason(operation, principle.rule);
  if (reason !== undefined) return { status: 'exempt', reason };
  if (state.offAt(operation.location)) return { status: 'exempt', reason: 'overrides' };
  return principle.applies(doc, operation) ? { status: 'pass' } : { status: 'not-applicable' };
}

export interface Scorecard {
  rows: Row[];
  /** Principle id to whether its rule runs at all with this ruleset. */
  checked: Record<string, boolean>;
  /** Diagnostics of the principles' rules that sit in no operation (on a shared component, or in another file). */
  unplaced: ISpectralDiagnostic[];
}

export function buildScorecard(linted: LintedDocument): Scorecard {
  const { doc, ruleset, file } = linted;
  const operations = doc.operations();
  const forFile = ruleset.fromSource(file);
  const { placed, unplaced } = placeDiagnostics(linted, operations);
  const states = new Map(PRINCIPLES.map(principle => [principle.id, ruleState(ruleset, forFile, file, principle.rule, operations)]));
  const rows = operations.map(operation => ({
    operation,
    cells: Object.fromEntries(
      PRINCIPLES.map(principle => [
        principle.id,
        cellFor(doc, principle, operation, states.get(principle.id)!, placed.get(principle.rule)?.get(operation) ?? []),
      ]),
    ),
  }));
  const checked = Object.fromEntries(PRINCIPLES.map(principle => [principle.id, states.get(principle.id)!.checked]));
  return { rows, checked, unplaced };
}
