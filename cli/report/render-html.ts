/**
 * One self-contained HTML page (inline style and script, no external font or image, nothing fetched):
 * the summary, the changes that clear most findings and the top fixes first, then the whole matrix as a coloured table with a sticky header
 * row and sticky method and path columns (a row keeps its name while the principles scroll), a "failing
 * only" filter and a search box, whose cells explain themselves on hover, click or keyboard focus (the
 * diagnostics of a failing cell, the reason of an exemption), then the principles. Without the script,
 * the hover text is still there.
 */
import type { Cell, CellStatus } from './scorecard';
import type { OperationData, PrincipleData, ReportData } from './report';
import {
  autofixLine,
  changeCount,
  changeGain,
  changeHow,
  changePlace,
  docsUrl,
  headline,
  liveText,
  MATRIX_STATUSES,
  matrixColumns,
  matrixRows,
  nextLevelText,
  percent,
  rulesetName,
  shareText,
  STATUS_NAMES,
  TOP_CHANGES,
  triageLine,
  uncheckedText,
  uncountedText,
} from './render-shared';

const CELL_TEXT: Record<CellStatus, string> = { pass: '✓', fail: '✗', baselined: 'baselined', exempt: 'exempt', 'not-applicable': 'n/a', 'not-checked': '–' };

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
td.baselined { background: #fff1e5; color: #953800; font-size: 12px; }
td.exempt { background: #ddf4ff; color: #0550ae; font-size: 12px; }
td.not-applicable { background: #f6f8fa; color: #818b98; font-size: 12px; }
td.not-checked { background: #fff8c5; color: #7d4e00; }
code { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; }
ol li { margin-bottom: 4px; }
.tools { display: flex; gap: 16px; align-items: center; margin: 8px 0; }
.scroll { overflow: auto; max-height: 80vh; border: 1px solid #d1d9e0; }
.scroll table.matrix { border-collapse: separate; border-spacing: 0; }
table.matrix thead th { position: sticky; top: 0; z-index: 2; }
table.matrix tr > :nth-child(-n + 2) { position: sticky; z-index: 1; background: #f6f8fa; }
table.matrix tr > :first-child { left: 0; box-sizing: border-box; width: 5.5em; min-width: 5.5em; max-width: 5.5em; }
table.matrix tr > :nth-child(2) { left: 5.5em; min-width: 14em; max-width: 24em; overflow-wrap: break-word; }
table.matrix tr > :nth-child(3) { min-width: 9em; max-width: 14em; overflow-wrap: anywhere; }
table.matrix thead tr > :nth-child(-n + 2) { z-index: 3; }
table.matrix td.cell { cursor: pointer; }
table.matrix td.cell:focus { outline: 2px solid #0969da; outline-offset: -2px; }
table.matrix.failing-only tr[data-failing="false"], table.matrix tr.unmatched { display: none; }
#detail { white-space: pre-wrap; min-height: 1.5em; padding: 6px 8px; background: #f6f8fa; border: 1px solid #d1d9e0; margin: 8px 0; }
`;

/** Filter, search and details on click or focus; each keeps working if another fails, and without it the page still reads. */
const SCRIPT = `
const matrix = document.querySelector('table.matrix');
const detail = document.getElementById('detail');
document.getElementById('failing-only').addEventListener('change', event => matrix.classList.toggle('failing-only', event.target.checked));
document.getElementById('search').addEventListener('input', event => {
  const wanted = event.target.value.trim().toLowerCase();
  for (const row of matrix.tBodies[0].rows) row.classList.toggle('unmatched', wanted !== '' && !row.dataset.search.includes(wanted));
});
// Inline code in a message (\`nextSteps\`) becomes a <code> node: built from text, never parsed as HTML.
const show = cell => {
  detail.replaceChildren(cell.dataset.principle + ': ');
  cell.title.split('\`').forEach((text, i) => {
    if (i % 2 === 0) { detail.append(text); return; }
    const code = document.createElement('code');
    code.textContent = text;
    detail.append(code);
  });
};
matrix.addEventListener('click', event => { const cell = event.target.closest('td.cell'); if (cell) show(cell); });
matrix.addEventListener('focusin', event => { if (event.target.matches('td.cell')) show(event.target); });
`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, char => `&#${char.charCodeAt(0)};`);
const tag = (name: string, content: string, attributes = '') => `<${name}${attributes}>${content}</${name}>`;
const code = (text: string) => tag('code', escapeHtml(text));
/** Markdown-style `code` spans of the fix phrases, as <code>. */
const inlineCode = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
/** The rule id, linked to its docs page when the ruleset gives one. */
const ruleLink = (report: ReportData, rule: string) => {
  const url = docsUrl(report, rule);
  return url === null ? code(rule) : tag('a', code(rule), ` href="${escapeHtml(url)}"`);
};

function summary(report: ReportData): string {
  const { cells, operations } = report.overall;
  const next = nextLevelText(report);
  const uncounted = uncountedText(report, code);
  return [
    tag('h1', escapeHtml(headline(report))),
    tag(
      'p',
      `${code(report.file)} · ${operations.total} operations · ruleset ${code(rulesetName(report))} · ${escapeHtml(`${report.tool.name} ${report.tool.version}`)}`,
      ' class="meta"',
    ),
    tag(
      'p',
      `Passing cells: ${cells.passed}/${cells.applicable} (${percent(cells.percent)}). Operations passing every principle that applies: ${operations.passed}/${operations.applicable} (${percent(operations.percent)}).`,
    ),
    uncounted === undefined ? '' : tag('p', uncounted),
    next === undefined ? '' : tag('p', escapeHtml(next)),
  ].join('\n');
}

function principleRow(principle: PrincipleData, report: ReportData): string {
  const numbers = (['fail', 'baselined', 'exempt', 'not-applicable'] as const).map(status => tag('td', String(principle.counts[status]), ' class="num"'));
  return tag(
    'tr',
    [
      tag('td', escapeHtml(principle.label)),
      tag('td', ruleLink(report, principle.rule)),
      tag('td', escapeHtml(shareText(principle)), ' class="num"'),
      ...numbers,
    ].join(''),
  );
}

function principles(report: ReportData): string {
  const head = tag('tr', ['principle', 'rule', 'pass', 'fail', 'baselined', 'exempt', 'n/a'].map(name => tag('th', name)).join(''));
  return tag('h2', 'Principles') + tag('table', head + report.principles.map(principle => principleRow(principle, report)).join(''), ' class="principles"');
}

/** A code span as the shared wording writes one, then made HTML by inlineCode with the text around it. */
const backticks = (text: string) => `\`${text.replace(/`/g, "'")}\``;

/** What the page opens with: the few changes that clear most findings, each with its count and its one edit. */
function changes(report: ReportData): string {
  if (report.changes.length === 0) return '';
  const items = report.changes
    .slice(0, TOP_CHANGES)
    .map(change =>
      tag(
        'li',
        `${tag('strong', escapeHtml(changeCount(change)))}, ${escapeHtml(changeGain(change))} (${ruleLink(report, change.rule)}), ${inlineCode(changePlace(change, backticks))}: ${inlineCode(change.text)} ${inlineCode(changeHow(change, backticks))}`,
      ),
    );
  const autofix = autofixLine(report.autofix);
  return tag('h2', 'Start here') + tag('ol', items.join('')) + tag('p', inlineCode(triageLine(report))) + (autofix === '' ? '' : tag('p', inlineCode(autofix)));
}

/** The hover text of a cell: what failed, why it is exempt, or when the principle would apply. */
function cellTitle(cell: Cell, principle: PrincipleData): string {
  if (cell.status === 'fail') return (cell.diagnostics ?? []).map(diagnostic => diagnostic.message).join('\n');
  if (cell.status === 'baselined') return ['accepted by the baseline:', ...(cell.diagnostics ?? []).map(diagnostic => diagnostic.message)].join('\n');
  if (cell.status === 'exempt') return cell.reason === 'overrides' ? 'turned off by the ruleset overrides' : `x-ax-exempt: ${cell.reason ?? ''}`;
  if (cell.status === 'not-applicable') return `applies to ${principle.scope}`;
  return `${principle.label}: ${STATUS_NAMES[cell.status]}`;
}

function cellHtml(cell: Cell, principle: PrincipleData): string {
  const count = cell.status === 'fail' && (cell.diagnostics?.length ?? 0) > 1 ? ` ${cell.diagnostics!.length}` : '';
  const attributes = ` class="cell ${cell.status}" tabindex="0" data-principle="${principle.id}" data-status="${cell.status}" title="${escapeHtml(cellTitle(cell, principle))}"`;
  return tag('td', CELL_TEXT[cell.status] + count, attributes);
}

function operationRow(operation: OperationData, columns: readonly PrincipleData[], withLive: boolean): string {
  const heading = [
    tag('td', code(operation.method)),
    // A long path breaks after its slashes, not inside a segment.
    tag('td', tag('code', escapeHtml(operation.path).replaceAll('/', '/<wbr>'))),
    tag('td', operation.operationId === null ? '' : code(operation.operationId)),
  ];
  const failing = columns.some(principle => operation.cells[principle.id].status === 'fail');
  const search = `${operation.method} ${operation.path} ${operation.operationId ?? ''}`.toLowerCase();
  const attributes = ` data-pointer="${escapeHtml(operation.pointer)}" data-failing="${failing}" data-search="${escapeHtml(search)}"`;
  const live = withLive ? [tag('td', escapeHtml(liveText(operation)))] : [];
  return tag('tr', [...heading, ...live, ...columns.map(principle => cellHtml(operation.cells[principle.id], principle))].join(''), attributes);
}

/** Every operation, in the order of every format (failing ones first). */
function matrix(report: ReportData): string {
  const columns = matrixColumns(report);
  const unchecked = uncheckedText(report);
  const legendText = (status: CellStatus) => (CELL_TEXT[status] === STATUS_NAMES[status] ? CELL_TEXT[status] : `${CELL_TEXT[status]} ${STATUS_NAMES[status]}`);
  const legend = MATRIX_STATUSES.map(status => tag('td', legendText(status), ` class="cell ${status}"`)).join('');
  const head = tag(
    'tr',
    [
      ...['method', 'path', 'operationId', ...(report.evidence === null ? [] : ['live (probe)'])].map(name => tag('th', name)),
      ...columns.map(principle => tag('th', escapeHtml(principle.label), ` class="principle" title="${escapeHtml(principle.rule)}"`)),
    ].join(''),
  );
  return [
    tag('h2', `Matrix: ${report.operations.length} operations × ${columns.length} principles`),
    tag('table', tag('tr', legend), ' class="legend"'),
    tag(
      'div',
      '<label><input type="checkbox" id="failing-only"> failing only</label> <label>search <input type="search" id="search" placeholder="method, path or operationId"></label>',
      ' class="tools"',
    ),
    tag('p', 'Click, focus or hover a cell for its diagnostics or exemption reason.', ' class="note"'),
    tag('div', '', ' id="detail" aria-live="polite"'),
    tag(
      'div',
      tag(
        'table',
        tag('thead', head) +
          tag(
            'tbody',
            matrixRows(report)
              .map(operation => operationRow(operation, columns, report.evidence !== null))
              .join(''),
          ),
        ' class="matrix"',
      ),
      ' class="scroll"',
    ),
    unchecked === undefined ? '' : tag('p', escapeHtml(unchecked), ' class="note"'),
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
${[summary(report), changes(report), matrix(report), principles(report)].join('\n')}
<script>${SCRIPT}</script>
</body>
</html>
`;
}
