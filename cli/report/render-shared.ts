/** Wording and order shared by the Markdown and HTML renderers, so that both say the same thing. */
import type { CellStatus } from './scorecard';
import { LIVE_EVIDENCE, MIN_CONFIDENCE } from './evidence';
import { NO_LEVEL } from './levels';
import type { ChangeData, OperationData, PrincipleData, ReportData } from './report';

export const STATUS_NAMES: Record<CellStatus, string> = {
  pass: 'pass',
  fail: 'fail',
  baselined: 'baselined',
  exempt: 'exempt',
  'not-applicable': 'not applicable',
  'not-checked': 'not checked',
};

export function percent(value: number | null): string {
  return value === null ? '–' : `${value}%`;
}

/** "3/5 (60%)", or why there is no share. */
export function shareText(principle: PrincipleData): string {
  if (!principle.checked) return 'not checked';
  if (principle.applicable === 0) return 'nothing applies';
  return `${principle.passed}/${principle.applicable} (${percent(principle.percent)})`;
}

/**
 * The score, the probe's confidence beside it, and the level: a level reached without a probe is what the
 * description declares, not what the running API was seen to do.
 */
export function headline(report: ReportData): string {
  const { evidence, level } = report;
  const confidence =
    evidence === null ? '' : ` · confidence ${evidence.confidence.toFixed(2)} (${evidence.tested} of ${evidence.total} operations tested live)`;
  const declared = evidence === null && level.id !== NO_LEVEL.id ? ' (declared, not verified)' : '';
  return `Agent-readiness: ${percent(report.overall.score)}${confidence} · level: ${level.name}${declared}`;
}

/** What the probe saw of an operation, beside what the description declares: "201, 6/6 faults recovered", "401", "not played". */
export function liveText(operation: OperationData): string {
  const { live } = operation;
  if (live === null) return 'not played';
  const first = live.firstTry === null ? 'no answer' : String(live.firstTry);
  const faults = live.probes === 0 ? '' : `, ${live.recovered}/${live.probes} faults recovered`;
  return `${first}${faults}${live.staleSteps === 0 ? '' : `, ${live.staleSteps} stale steps`}`;
}

export function rulesetName(report: ReportData): string {
  return report.ruleset ?? 'spectral-agent-ux (recommended)';
}

export function nextLevelText(report: ReportData): string | undefined {
  const next = report.level.next;
  if (next === null) return undefined;
  const labels = new Map(report.principles.map(principle => [principle.id, principle.label]));
  labels.set(LIVE_EVIDENCE, `a probe that tests ${MIN_CONFIDENCE * 100}% of the operations (\`report --probe\`)`);
  return `Next level, ${next.name}, needs: ${next.blockers.map(id => labels.get(id) ?? id).join(', ')}.`;
}

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** "turns 3 cells green (and helps 2 more)": what a change does to the matrix. */
export function changeGain(change: ChangeData): string {
  const cells = `turns ${count(change.cellsFixed, 'cell')} green`;
  return change.cellsAffected > change.cellsFixed ? `${cells} (and helps ${change.cellsAffected - change.cellsFixed} more)` : cells;
}

/** How many other uses of a change's target the human-readable formats name. */
const OTHER_USES_SHOWN = 3;

/** ", not in `Pet` (it is also the request body of POST /pets) but in each response: `allOf: …`": where a change by hand must not go. */
function elsewhere(change: ChangeData, code: (text: string) => string): string {
  if (change.otherUses.length === 0) return '';
  const shown = change.otherUses.slice(0, OTHER_USES_SHOWN);
  const more = change.otherUses.length - shown.length;
  const uses = `it is also ${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  return `, not in ${code(change.target)} (${uses}) but in each response: ${code(`allOf: [{ $ref: '${change.target}' }, { <the addition> }]`)}`;
}

/** The rule's docs page, as the ruleset gives it. */
export function docsUrl(report: ReportData, rule: string): string | null {
  return report.principles.find(principle => principle.rule === rule)?.documentationUrl ?? null;
}

/** The statuses a matrix cell can show ("not checked" is a whole column, left out of the matrix). */
export const MATRIX_STATUSES = (Object.keys(STATUS_NAMES) as CellStatus[]).filter(status => status !== 'not-checked');

/** The columns of the matrix: the principles the ruleset checks (the others are named once, below it). */
export const matrixColumns = (report: ReportData) => report.principles.filter(principle => principle.checked);

export function uncheckedText(report: ReportData): string | undefined {
  const unchecked = report.principles.filter(principle => !principle.checked).map(principle => principle.label);
  return unchecked.length === 0 ? undefined : `Not checked by this ruleset, so left out of the matrix: ${unchecked.join(', ')}.`;
}

const RANK: Partial<Record<CellStatus, number>> = { fail: 0, baselined: 1 };

/** The matrix rows, in one order for every format: failing operations first, then baselined ones, then the rest, each in document order. */
export function matrixRows(report: ReportData): OperationData[] {
  const rank = (operation: OperationData) => Math.min(2, ...Object.values(operation.cells).map(cell => RANK[cell.status] ?? 2));
  return report.operations
    .map((operation, i) => ({ operation, i, rank: rank(operation) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map(({ operation }) => operation);
}

/** How many operations the "not counted" line names before it says "and N more". */
const UNCOUNTED_SHOWN = 5;

/**
 * Why the operations count is lower than the total: the operations no principle applies to (a token
 * endpoint, a webhook the API calls) and those every applicable principle exempts, named.
 */
export function uncountedText(report: ReportData, code: (text: string) => string): string | undefined {
  const statuses = (operation: OperationData) => Object.values(operation.cells).map(cell => cell.status);
  const judged = (status: CellStatus) => status === 'pass' || status === 'fail' || status === 'baselined';
  const uncounted = report.operations.filter(operation => !statuses(operation).some(judged));
  if (uncounted.length === 0) return undefined;
  const exempted = (operation: OperationData) => statuses(operation).includes('exempt');
  const names = (operations: OperationData[]) => {
    const shown = operations.slice(0, UNCOUNTED_SHOWN).map(operation => code(`${operation.method} ${operation.path}`));
    return operations.length > shown.length ? `${shown.join(', ')} and ${operations.length - shown.length} more` : shown.join(', ');
  };
  const groups = [
    { operations: uncounted.filter(operation => !exempted(operation)), why: 'no principle applies to' },
    { operations: uncounted.filter(exempted), why: 'every principle that applies is exempt for' },
  ].filter(group => group.operations.length > 0);
  return `Not counted: ${groups.map(group => `${group.why} ${count(group.operations.length, 'operation')} (${names(group.operations)})`).join('; ')}.`;
}

/** "`spectral-agent-ux fix` clears 20 of 44 findings (45%) with 8 edits": the line both renderings print. */
export function autofixLine(autofix: ReportData['autofix']): string {
  if (autofix.findings === 0) return '';
  const share = Math.round((100 * autofix.cleared) / autofix.findings);
  const rest = autofix.cleared === autofix.findings ? 'nothing is left for a person' : 'the rest need a person';
  return `\`spectral-agent-ux fix\` clears ${autofix.cleared} of ${autofix.findings} findings (${share}%) with ${autofix.edits} edits; ${rest}.`;
}

/** How many changes the human-readable formats open with (the JSON lists them all). */
export const TOP_CHANGES = 3;

/** "839 findings in 839 operations": what a change clears. */
export const changeCount = (change: ChangeData): string => `${count(change.findings, 'finding')} in ${count(change.operations.length, 'operation')}`;

/** Where a pattern's identical copies could become one: a shared schema or response, when the copies are bodies or responses. */
function sharedHome(change: ChangeData): string | undefined {
  if (!change.identical) return undefined;
  const segments = change.target.split('/');
  if (segments.includes('schema')) return 'components/schemas';
  return segments.includes('responses') ? 'components/responses' : undefined;
}

/** Where the change goes: the component, the one place, or every copy of a pattern (and how to make them one). */
export function changePlace(change: ChangeData, code: (text: string) => string): string {
  if (change.kind === 'component') return `one edit of ${code(change.target)}`;
  if (change.kind === 'place') return `at ${code(change.target)}`;
  const home = sharedHome(change);
  const copies = `the same in ${count(change.places.length, 'place')} (first ${code(change.target)})`;
  return home === undefined ? copies : `${copies}; define it once under ${code(home)} and \`$ref\` it from each`;
}

/** The longest edit the human-readable formats print; the JSON has it whole. */
const EDIT_SHOWN = 120;

/** How the change is made: `fix --only` and the edit it writes (in each copy of a pattern), or by hand with the rule's fix. */
export function changeHow(change: ChangeData, code: (text: string) => string): string {
  if (change.edits.length === 0) return `By hand: ${change.fix}${elsewhere(change, code)}.`;
  const edit = change.edits[0].update;
  const shown = code(edit.length > EDIT_SHOWN ? `${edit.slice(0, EDIT_SHOWN - 1)}…` : edit);
  const command = code(`spectral-agent-ux fix --apply --only ${change.id}`);
  const same = change.edits.every(other => other.update === edit);
  // Some findings of the change need a person: the command makes the rest.
  const rest = change.automatic ? '' : ` The rest by hand: ${change.fix}.`;
  if (change.kind === 'pattern') return `${command} merges ${shown} into ${same ? 'each' : `the first, and the like into the others`}.${rest}`;
  const more = change.edits.length > 1 ? ` (and ${count(change.edits.length - 1, 'more edit')})` : '';
  return `${command} merges ${shown} into ${code(change.edits[0].target)}${more}.${rest}`;
}

/** The operations of some changes, each once. */
const operationsOf = (changes: readonly ChangeData[]) => new Set(changes.flatMap(change => change.operations)).size;

/** "These 3 changes clear 3 of 1572 findings (0%) and turn 744 cells green, in 744 of the 998 operations with findings": the line under the opening list. */
export function triageLine(report: ReportData): string {
  const total = report.changes.reduce((sum, change) => sum + change.findings, 0);
  const top = report.changes.slice(0, TOP_CHANGES);
  const cleared = top.reduce((sum, change) => sum + change.findings, 0);
  const these = top.length === 1 ? 'This change clears' : `These ${top.length} changes clear`;
  const operations = `${operationsOf(top)} of the ${count(operationsOf(report.changes), 'operation')} with findings`;
  const green = top.reduce((sum, change) => sum + change.cellsFixed, 0);
  return `${these} ${cleared} of ${count(total, 'finding')} (${Math.round((100 * cleared) / total)}%) and turn ${count(green, 'cell')} green, in ${operations}; the JSON report lists all ${report.changes.length} under \`changes\`.`;
}
