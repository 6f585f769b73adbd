/** Wording shared by the Markdown and HTML renderers, so that both say the same thing. */
import type { CellStatus } from './scorecard';
import type { FixData, PrincipleData, ReportData } from './report';

/** How many top fixes the human-readable formats list (the JSON lists them all). */
export const TOP_FIXES = 5;

export const STATUS_NAMES: Record<CellStatus, string> = {
  pass: 'pass',
  fail: 'fail',
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

export function headline(report: ReportData): string {
  return `Agent-readiness: ${percent(report.overall.score)} · level: ${report.level.name}`;
}

export function rulesetName(report: ReportData): string {
  return report.ruleset ?? 'spectral-agent-ux (recommended)';
}

export function nextLevelText(report: ReportData): string | undefined {
  const next = report.level.next;
  if (next === null) return undefined;
  const labels = new Map(report.principles.map(principle => [principle.id, principle.label]));
  return `Next level, ${next.name}, needs: ${next.blockers.map(id => labels.get(id) ?? id).join(', ')}.`;
}

/** "component, 40 operations" for a place several operations `$ref`, "inline" for an operation's own schema or flag. */
export function fixScope(fix: FixData): string {
  return fix.shared ? `component, ${fix.operations.length} operation${fix.operations.length === 1 ? '' : 's'}` : 'inline';
}

export function fixGain(fix: FixData): string {
  const cells = `turns ${fix.cellsFixed} failing cell${fix.cellsFixed === 1 ? '' : 's'} green`;
  return fix.cellsAffected > fix.cellsFixed ? `${cells} (and helps ${fix.cellsAffected - fix.cellsFixed} more)` : cells;
}
