/**
 * The scorecard model: one row per operation, one cell per principle, each cell decided by the
 * diagnostics Spectral produced with the user's ruleset, so that a failing cell is exactly an
 * operation where `spectral lint` reports that principle's rule.
 */
import type { ISpectralDiagnostic, Ruleset } from '@stoplight/spectral-core';
import type { OpenApiDocument, JsonPath, Operation } from '../../lib/document/document';
import { exemptionReason, notedFor, type SaidByRule } from '../../lib/findings/rule-function';
import type { PlainSaid } from '../../lib/findings/messages';
import { calledByApi, type ScopeOptions } from '../../lib/semantics/scope';
import { OFF, ruleOptions, type LintedDocument } from '../lint';
import { ownersOf } from '../place';
import { PRINCIPLES, type Principle } from './principles';

export type CellStatus = 'pass' | 'fail' | 'baselined' | 'exempt' | 'not-applicable' | 'not-checked';

export interface CellDiagnostic extends Partial<PlainSaid> {
  message: string;
  path: JsonPath;
  severity: 'error' | 'warn' | 'info' | 'hint';
}

export interface Cell {
  status: CellStatus;
  /** For `exempt`: the `x-ax-exempt` reason, or "overrides". */
  reason?: string;
  /** For `fail`: the diagnostics of the principle's rule inside the operation; for `baselined`, those the baseline covers. */
  diagnostics?: CellDiagnostic[];
  /** For `fail`: the description declares a pass, and the probe saw the server break the rule (`report --probe`). */
  observed?: true;
}

/** A failing or baselined cell: Spectral found the rule's problem there. */
export const hasFindings = (cell: Cell): boolean => cell.status === 'fail' || cell.status === 'baselined';

export interface Row {
  operation: Operation;
  cells: Record<string, Cell>;
}

const SEVERITY_NAMES = ['error', 'warn', 'info', 'hint'] as const;

/** What Spectral itself would do with one rule on this file: is it run at all, and at which severity at a path. */
interface RuleState {
  checked: boolean;
  offAt(path: JsonPath): boolean;
  /** The rule's options as the ruleset sets them for this file: the scope of "not applicable" follows them. */
  options: ScopeOptions;
}

function ruleState(ruleset: Ruleset, forFile: Ruleset, file: string, ruleId: string, operations: readonly Operation[]): RuleState {
  const severityIn = (set: Ruleset, path: JsonPath) => {
    const rule = set.rules[ruleId];
    return rule === undefined || !rule.enabled ? OFF : rule.getSeverityForSource(file, path);
  };
  // On in the ruleset, or switched on by an override for some operation of this file.
  const checked = severityIn(ruleset, []) !== OFF || operations.some(operation => severityIn(forFile, operation.location) !== OFF);
  const options = ruleOptions(forFile, ruleId) as ScopeOptions;
  return { checked, offAt: path => severityIn(forFile, path) === OFF, options };
}

type Placed = Map<string, Map<Operation, ISpectralDiagnostic[]>>;

/** The diagnostics of each principle's rule, per operation they sit in, new or baselined; the rest are `unplaced`. */
function placeDiagnostics(linted: LintedDocument, operations: readonly Operation[]) {
  const owning = ownersOf(operations, linted.users);
  const principleRules = new Set<string>(PRINCIPLES.map(principle => principle.rule));
  const failing: Placed = new Map();
  const baselined: Placed = new Map();
  const unplaced: ISpectralDiagnostic[] = [];
  for (const diagnostic of linted.diagnostics) {
    const rule = String(diagnostic.code);
    if (!principleRules.has(rule)) continue;
    const owners = diagnostic.source === undefined || diagnostic.source === linted.file ? owning(diagnostic) : [];
    if (owners.length === 0 && !linted.baselined.has(diagnostic)) unplaced.push(diagnostic);
    const placed = linted.baselined.has(diagnostic) ? baselined : failing;
    const perOperation = placed.get(rule) ?? new Map<Operation, ISpectralDiagnostic[]>();
    placed.set(rule, perOperation);
    for (const owner of owners) {
      // Appended in place: a copy per diagnostic made a cell with many findings quadratic.
      const list = perOperation.get(owner) ?? [];
      if (list.length === 0) perOperation.set(owner, list);
      list.push(diagnostic);
    }
  }
  return { failing, baselined, unplaced };
}

/** A diagnostic as the report's JSON gives it: with what its rule said (`messageId`, `data`), when a rule of this package found it. */
const toCellDiagnostic =
  (said: SaidByRule | undefined) =>
  (diagnostic: ISpectralDiagnostic): CellDiagnostic => ({
    message: diagnostic.message,
    ...notedFor(said, diagnostic),
    path: [...diagnostic.path],
    severity: SEVERITY_NAMES[diagnostic.severity] ?? 'hint',
  });

interface Found {
  failing: readonly ISpectralDiagnostic[];
  baselined: readonly ISpectralDiagnostic[];
  said: SaidByRule | undefined;
}

/** A failure outranks everything else, so that every diagnostic `spectral lint` prints shows up as a failing cell. */
function cellFor(doc: OpenApiDocument, principle: Principle, operation: Operation, state: RuleState, found: Found): Cell {
  if (!state.checked) return { status: 'not-checked' };
  if (found.failing.length > 0) return { status: 'fail', diagnostics: found.failing.map(toCellDiagnostic(found.said)) };
  if (found.baselined.length > 0) return { status: 'baselined', diagnostics: found.baselined.map(toCellDiagnostic(found.said)) };
  const reason = exemptionReason(operation, principle.rule);
  if (reason !== undefined) return { status: 'exempt', reason };
  if (state.offAt(operation.location)) return { status: 'exempt', reason: 'overrides' };
  return principle.applies(doc, operation, state.options) ? { status: 'pass' } : { status: 'not-applicable' };
}

export interface Scorecard {
  rows: Row[];
  /** Principle id to whether its rule runs at all with this ruleset. */
  checked: Record<string, boolean>;
  /** Diagnostics of the principles' rules that sit in no operation (on a path item, or in another file), baselined ones aside. */
  unplaced: ISpectralDiagnostic[];
}

export function buildScorecard(linted: LintedDocument): Scorecard {
  const { doc, ruleset, file } = linted;
  // A webhook described under `paths` is called by the API, not by the agent: no rule judges it, so it has no row.
  const operations = doc.operations().filter(operation => !calledByApi(doc, operation));
  const forFile = ruleset.fromSource(file);
  const { failing, baselined, unplaced } = placeDiagnostics(linted, operations);
  const found = (principle: Principle, operation: Operation): Found => ({
    failing: failing.get(principle.rule)?.get(operation) ?? [],
    baselined: baselined.get(principle.rule)?.get(operation) ?? [],
    said: linted.said,
  });
  const states = new Map(PRINCIPLES.map(principle => [principle.id, ruleState(ruleset, forFile, file, principle.rule, operations)]));
  const rows = operations.map(operation => ({
    operation,
    cells: Object.fromEntries(
      PRINCIPLES.map(principle => [principle.id, cellFor(doc, principle, operation, states.get(principle.id)!, found(principle, operation))]),
    ),
  }));
  const checked = Object.fromEntries(PRINCIPLES.map(principle => [principle.id, states.get(principle.id)!.checked]));
  return { rows, checked, unplaced };
}
