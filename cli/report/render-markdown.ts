/**
 * Markdown for a pull-request comment: the score and level first, then the changes that clear most
 * findings, the principles, the top fixes, and the matrix folded in a <details> block, kept under GitHub's comment size limit.
 */
import type { Cell, CellStatus } from './scorecard';
import type { ReportData } from './report';
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

const SYMBOLS: Record<CellStatus, string> = { pass: '✅', fail: '❌', baselined: '📌', exempt: '🔕', 'not-applicable': '➖', 'not-checked': '❔' };

/** GitHub refuses comments over 65,536 characters: a large API shows its failing operations first, up to this many. */
const MAX_MATRIX_ROWS = 100;

const escape = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;
const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
/** The rule id, linked to its docs page when the ruleset gives one. */
const ruleLink = (report: ReportData, rule: string) => {
  const url = docsUrl(report, rule);
  return url === null ? code(rule) : `[${code(rule)}](${url})`;
};

function summary(report: ReportData): string[] {
  const { cells, operations } = report.overall;
  const next = nextLevelText(report);
  const uncounted = uncountedText(report, code);
  return [
    `## ${headline(report)}`,
    '',
    `${code(report.file)} · ${operations.total} operations · ruleset ${code(rulesetName(report))} · ${report.tool.name} ${report.tool.version}`,
    '',
    `Passing cells: ${cells.passed}/${cells.applicable} (${percent(cells.percent)}). Operations passing every principle that applies: ${operations.passed}/${operations.applicable} (${percent(operations.percent)}).`,
    ...(uncounted === undefined ? [] : ['', uncounted]),
    ...(next === undefined ? [] : ['', next]),
    ...(report.unplaced.length === 0
      ? []
      : ['', `${report.unplaced.length} diagnostics of these rules lie outside any operation; the JSON report lists them under \`unplaced\`.`]),
  ];
}

function principles(report: ReportData): string[] {
  return [
    '### Principles',
    '',
    row(['principle', 'rule', 'pass', 'fail', 'baselined', 'exempt', 'n/a']),
    row(['---', '---', '---:', '---:', '---:', '---:', '---:']),
    ...report.principles.map(principle =>
      row([
        principle.label,
        ruleLink(report, principle.rule),
        shareText(principle),
        ...(['fail', 'baselined', 'exempt', 'not-applicable'] as const).map(status => String(principle.counts[status])),
      ]),
    ),
  ];
}

/** What the report opens with: the few changes that clear most findings, each with its count and its one edit. */
function changes(report: ReportData): string[] {
  if (report.changes.length === 0) return [];
  return [
    '### Start here',
    '',
    ...report.changes
      .slice(0, TOP_CHANGES)
      .map(
        (change, i) =>
          `${i + 1}. **${changeCount(change)}**, ${changeGain(change)} (${ruleLink(report, change.rule)}), ${changePlace(change, code)}: ${escape(change.text)} ${changeHow(change, code)}`,
      ),
    '',
    triageLine(report),
    ...(autofixLine(report.autofix) === '' ? [] : ['', autofixLine(report.autofix)]),
  ];
}

function cellText(cell: Cell): string {
  if (cell.observed === true) return `${SYMBOLS.fail}ᵖ`;
  return cell.status === 'exempt' && cell.reason === 'overrides' ? `${SYMBOLS.exempt}ᵒ` : SYMBOLS[cell.status];
}

/** In the order of every format, up to the row limit. */
function matrix(report: ReportData): string[] {
  const shown = matrixRows(report).slice(0, MAX_MATRIX_ROWS);
  const hidden = report.operations.length - shown.length;
  const columns = matrixColumns(report);
  const unchecked = uncheckedText(report);
  const legend = MATRIX_STATUSES.map(status => `${SYMBOLS[status]} ${STATUS_NAMES[status]}`).join(' · ');
  const live = report.evidence !== null;
  return [
    `<details><summary>Matrix: ${report.operations.length} operations × ${columns.length} principles</summary>`,
    '',
    `${legend} (ᵒ: turned off by the ruleset's overrides${live ? '; ᵖ: declared, but the probe saw the server break it' : ''})`,
    '',
    row(['method', 'path', 'operationId', ...(live ? ['live (probe)'] : []), ...columns.map(principle => principle.label)]),
    row(['---', '---', '---', ...(live ? ['---'] : []), ...columns.map(() => ':---:')]),
    ...shown.map(operation =>
      row([
        operation.method,
        code(escape(operation.path)),
        operation.operationId === null ? '' : code(escape(operation.operationId)),
        ...(live ? [liveText(operation)] : []),
        ...columns.map(principle => cellText(operation.cells[principle.id])),
      ]),
    ),
    ...(hidden > 0 ? ['', `${hidden} more operations (the failing ones come first) are in the JSON and HTML reports.`] : []),
    ...(unchecked === undefined ? [] : ['', unchecked]),
    '',
    '</details>',
  ];
}

function exemptions(report: ReportData): string[] {
  const labels = new Map(report.principles.map(principle => [principle.id, principle.label]));
  const entries = report.operations.flatMap(operation =>
    Object.entries(operation.cells)
      .filter(([, cell]) => cell.status === 'exempt' && cell.reason !== 'overrides')
      .map(([id, cell]) => `- ${operation.method} ${code(operation.path)}, ${labels.get(id)}: ${escape(cell.reason ?? '')}`),
  );
  if (entries.length === 0) return [];
  const shown = entries.slice(0, MAX_MATRIX_ROWS);
  return [
    '<details><summary>Exemptions (x-ax-exempt)</summary>',
    '',
    ...shown,
    ...(entries.length > shown.length ? [`- … and ${entries.length - shown.length} more`] : []),
    '',
    '</details>',
  ];
}

export function renderMarkdown(report: ReportData): string {
  const sections = [summary(report), changes(report), principles(report), matrix(report), exemptions(report)].filter(section => section.length > 0);
  return `${sections.map(section => section.join('\n')).join('\n\n')}\n`;
}
