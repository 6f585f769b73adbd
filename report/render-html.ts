/**
 * One self-contained HTML page (inline style, no script, no external font or image): the summary,
 * the principles, the top fixes, and the whole matrix as a coloured table whose cells explain
 * themselves on hover (the diagnostics of a failing cell, the reason of an exemption).
 */
import type { Cell, CellStatus } from './scorecard';
import type { OperationData, PrincipleData, ReportData } from './report';
import { fixGain, fixScope, headline, nextLevelText, percent, rulesetName, shareText, STATUS_NAMES, TOP_FIXES } from './render-shared';

const CELL_TEXT: Record<CellStatus, string> = { pass: '✓', fail: '✗', exempt: 'exempt', 'not-applicable': 'n/a', 'not-checked': '–' };

const STYLE = `
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 24px; color: #1f2328; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 28px 0 8px; }
.meta, .note { color: #59636e; }
table { border-collapse: collapse; }
th, td { border: 1px solid #d1d9e0; padding: 4px 8px; }
th { background: #f6f8fa; text-align: left; font-weight: 600; }
td.num { text-align: right; }
table.matrix th.principle { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; text-align: left; }
table.matrix td.cell { text-align: center; min-width: 28px; }
td.pass { background: #dafbe1; color: #116329; }
td.fail { background: #ffebe9; color: #a40e26; font-weight: 600; }
td.exempt { background: #ddf4ff; color: #0550ae; font-size: 12px; }
td.not-applicable { background: #f6f8fa; color: #818b98; font-size: 12px; }
td.not-checked { background: #fff8c5; color: #7d4e00; }
code { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; }
ol li { margin-bottom: 4px; }
`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, char => `&#${char.charCodeAt(0)};`);
const tag = (name: string, content: string, attributes = '') => `<${name}${attributes}>${content}</${name}>`;
const code = (text: string) => tag('code', escapeHtml(text));
/** Markdown-style `code` spans of the fix phrases, as <code>. */
const inlineCode = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

function summary(report: ReportData): string {
  const { cells, operations } = report.overall;
  const next = nextLevelText(report);
  return [
    tag('h1', escapeHtml(headline(report))),
    tag('p', `${code(report.file)} · ${operations.total} operations · ruleset ${code(rulesetName(report))} · ${escapeHtml(`${report.tool.name} ${report.tool.version}`)}`, ' class="meta"'),
    tag('p', `Passing cells: ${cells.passed}/${cells.applicable} (${percent(cells.percent)}). Operations passing every principle that applies: ${operations.passed}/${operations.applicable} (${percent(operations.percent)}).`),
    next === undefined ? '' : tag('p', escapeHtml(next)),
  ].join('\n');
}

function principleRow(principle: PrincipleData): string {
  const numbers = [principle.counts.fail, principle.counts.exempt, principle.counts['not-applicable']].map(count => tag('td', String(count), ' class="num"'));
  return tag('tr', [tag('td', escapeHtml(principle.label)), tag('td', code(principle.rule)), tag('td', escapeHtml(shareText(principle)), ' class="num"'), ...numbers].join(''));
}

function principles(report: ReportData): string {
  const head = tag('tr', ['principle', 'rule', 'pass', 'fail', 'exempt', 'n/a'].map(name => tag('th', name)).join(''));
  return tag('h2', 'Principles') + tag('table', head + report.principles.map(principleRow).join(''), ' class="principles"');
}

function fixes(report: ReportData): string {
  if (report.fixes.length === 0) return '';
  const items = report.fixes
    .slice(0, TOP_FIXES)
    .map(fix => tag('li', `${tag('strong', inlineCode(fix.fix))} in ${code(fix.target)} (${fixScope(fix)}): ${escapeHtml(fixGain(fix))}. ${code(fix.rule)}`));
  return tag('h2', 'Top fixes') + tag('ol', items.join(''));
}

/** The hover text of a cell: what failed, why it is exempt, or when the principle would apply. */
function cellTitle(cell: Cell, principle: PrincipleData): string {
  if (cell.status === 'fail') return (cell.diagnostics ?? []).map(diagnostic => diagnostic.message).join('\n');
  if (cell.status === 'exempt') return cell.reason === 'overrides' ? 'turned off by the ruleset overrides' : `x-ax-exempt: ${cell.reason ?? ''}`;
  if (cell.status === 'not-applicable') return `applies to ${principle.scope}`;
  return `${principle.label}: ${STATUS_NAMES[cell.status]}`;
}

function cellHtml(cell: Cell, principle: PrincipleData): string {
  const count = cell.status === 'fail' && (cell.diagnostics?.length ?? 0) > 1 ? ` ${cell.diagnostics!.length}` : '';
  const attributes = ` class="cell ${cell.status}" data-principle="${principle.id}" data-status="${cell.status}" title="${escapeHtml(cellTitle(cell, principle))}"`;
  return tag('td', CELL_TEXT[cell.status] + count, attributes);
}

function operationRow(operation: OperationData, report: ReportData): string {
  const heading = [tag('td', code(operation.method)), tag('td', code(operation.path)), tag('td', operation.operationId === null ? '' : code(operation.operationId))];
  return tag('tr', [...heading, ...report.principles.map(principle => cellHtml(operation.cells[principle.id], principle))].join(''), ` data-pointer="${escapeHtml(operation.pointer)}"`);
}

function matrix(report: ReportData): string {
  const legendText = (status: CellStatus) => (CELL_TEXT[status] === STATUS_NAMES[status] ? CELL_TEXT[status] : `${CELL_TEXT[status]} ${STATUS_NAMES[status]}`);
  const legend = (Object.keys(CELL_TEXT) as CellStatus[]).map(status => tag('td', legendText(status), ` class="cell ${status}"`)).join('');
  const head = tag('tr', [...['method', 'path', 'operationId'].map(name => tag('th', name)), ...report.principles.map(principle => tag('th', escapeHtml(principle.label), ` class="principle" title="${escapeHtml(principle.rule)}"`))].join(''));
  return [
    tag('h2', `Matrix: ${report.operations.length} operations × ${report.principles.length} principles`),
    tag('table', tag('tr', legend), ' class="legend"'),
    tag('p', 'Hover a cell for its diagnostics or exemption reason.', ' class="note"'),
    tag('table', tag('thead', head) + tag('tbody', report.operations.map(operation => operationRow(operation, report)).join('')), ' class="matrix"'),
  ].join('\n');
}

export function renderHtml(report: ReportData): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${headline(report)} · ${report.file}`)}</title>
<style>${STYLE}</style>
</head>
<body>
${[summary(report), principles(report), fixes(report), matrix(report)].join('\n')}
</body>
</html>
`;
}
