/**
 * The probe's report in the formats of `report` (Markdown, JSON, HTML) and SARIF for code scanning.
 * Every format is cut from one object (ProbeReport), so they cannot tell different stories.
 */
import { DOCS_URL, PROBE_IDS } from '../../lib/findings/catalogue';
import { clip } from '../../lib/document/values';
import { MAX_BODY } from './http';
import type { OperationResult, ProbeFinding, ProbeRun, Severity } from './play';

/** The columns of the table of operations, in Markdown and HTML. */
const COLUMNS = ['operation', 'first try', 'faults', 'recovered', 'recovery rate', 'accepted', 'steps followed', 'stale steps'];

export interface ProbeReport extends ProbeRun {
  tool: 'spectral-agent-ux probe';
  version: string;
  description: string;
  baseUrl: string;
  /** Fault probes sent and recovered across all operations; `recoveryRate` in percent, null without probes. */
  probes: number;
  recovered: number;
  recoveryRate: number | null;
  /** Requests a dry run would send, in order; absent otherwise. */
  planned?: string[];
  /** Requests whose response body passed the probe's limit (`GET /v1/orders 200`): read to there, judged by status only. */
  cut: string[];
}

const percent = (value: number | null) => (value === null ? 'n/a' : `${value}%`);
const docsOf = (rule: string) => `${DOCS_URL}${(PROBE_IDS as readonly string[]).includes(rule) ? 'probe' : 'rules'}/${rule}.md`;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const requestLine = (finding: ProbeFinding) =>
  `${finding.request.method} ${finding.request.path}${finding.request.body === undefined ? '' : ` ${clip(JSON.stringify(finding.request.body), 200)}`}`;
const firstTry = (result: OperationResult) => result.why ?? (result.firstTry === null ? 'not sent' : String(result.firstTry));
/** One operation's cells after its name, as text. */
const cells = (result: OperationResult) => [
  firstTry(result),
  String(result.probes),
  String(result.recovered),
  percent(result.recoveryRate),
  String(result.accepted),
  String(result.steps),
  String(result.staleSteps),
];
const notFollowed = ({ operation, href }: ProbeReport['skipped'][number]) => `not followed (another host): a step of \`${operation}\` to ${href}`;
const LIMIT = `${MAX_BODY / 1024 / 1024} MiB`;
const cutNote = (request: string) => `body cut at ${LIMIT} (read no further, judged by its status only): \`${request}\``;

/**
 * Control characters but the tab and line feed (C0, DEL, C1), the line and paragraph separators and the
 * bidirectional and zero-width marks: a server's body may hold them to reorder or hide what a reader sees.
 */
const INVISIBLE = /[\0-\x08\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/** A text with every invisible character written as its `\uXXXX` escape (valid inside a JSON string too). */
export const visible = (text: string): string => text.replace(INVISIBLE, char => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

export function summaryLine(report: ProbeReport): string {
  const counts = (['error', 'warn', 'info', 'hint'] as Severity[])
    .map(severity => [severity, report.findings.filter(finding => finding.severity === severity).length] as const)
    .filter(([, count]) => count > 0);
  const findings = counts.length === 0 ? 'no findings' : counts.map(([severity, count]) => `${count} ${severity}`).join(', ');
  const truncated = report.truncated ? ' (stopped at --max-requests)' : '';
  const cut = report.cut.length === 0 ? '' : `; ${report.cut.length} ${report.cut.length === 1 ? 'body' : 'bodies'} cut at ${LIMIT}`;
  return `${report.tested} of ${report.operations.length} operations tested; ${report.recovered} of ${report.probes} faults recovered (${percent(report.recoveryRate)}); ${findings}; ${report.requests} requests${truncated}${cut}.`;
}

export function renderMarkdown(report: ProbeReport): string {
  const lines = [`# Agent probe: ${report.description}`, '', `Against ${report.baseUrl}: ${summaryLine(report)}`, ''];
  if (report.planned !== undefined) return [...lines, 'Dry run: the requests it would send.', '', '```', ...report.planned, '```', ''].join('\n');
  lines.push(`| ${COLUMNS.join(' | ')} |`, `|${COLUMNS.map(() => '---|').join('')}`);
  for (const result of report.operations) lines.push(`| \`${result.operation}\` | ${cells(result).map(cell).join(' | ')} |`);
  lines.push('', '## Findings', '');
  if (report.findings.length === 0) lines.push('None.');
  for (const finding of report.findings) {
    lines.push(`- **${finding.severity}** [\`${finding.rule}\`](${docsOf(finding.rule)}): ${finding.message}`);
    lines.push(`  - request: \`${cell(requestLine(finding))}\``);
    if (finding.status !== null)
      lines.push(`  - response: ${finding.status}${finding.response === undefined ? '' : ` \`${cell(clip(finding.response, 200))}\``}`);
  }
  for (const skipped of report.skipped) lines.push(`- ${notFollowed(skipped)}`);
  for (const request of report.cut) lines.push(`- ${cutNote(request)}`);
  return `${lines.join('\n')}\n`;
}

export const renderJson = (report: ProbeReport): string => `${JSON.stringify(report, null, 2)}\n`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, char => `&#${char.charCodeAt(0)};`);

export function renderHtml(report: ProbeReport): string {
  const rows = report.operations
    .map(
      result =>
        `<tr><td><code>${escapeHtml(result.operation)}</code></td>${cells(result)
          .map(text => `<td>${escapeHtml(text)}</td>`)
          .join('')}</tr>`,
    )
    .join('\n');
  const findings = report.findings
    .map(finding => {
      const response = finding.status === null ? '' : `<br>response: ${finding.status} <code>${escapeHtml(clip(finding.response ?? '', 200))}</code>`;
      return `<li><strong>${finding.severity}</strong> <a href="${escapeHtml(docsOf(finding.rule))}"><code>${finding.rule}</code></a>: ${escapeHtml(finding.message)}<br>request: <code>${escapeHtml(requestLine(finding))}</code>${response}</li>`;
    })
    .join('\n');
  const skipped = [...report.skipped.map(notFollowed), ...report.cut.map(cutNote)].map(note => `<li>${escapeHtml(note)}</li>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Agent probe: ${escapeHtml(report.description)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left}li{margin:.5rem 0}code{overflow-wrap:anywhere}</style>
</head><body>
<h1>Agent probe: ${escapeHtml(report.description)}</h1>
<p>Against ${escapeHtml(report.baseUrl)}: ${escapeHtml(summaryLine(report))}</p>
<table><thead><tr>${COLUMNS.map(name => `<th>${name}</th>`).join('')}</tr></thead><tbody>
${rows}
</tbody></table>
<h2>Findings</h2>
${findings === '' ? '<p>None.</p>' : `<ul>\n${findings}\n</ul>`}${skipped === '' ? '' : `\n<ul>\n${skipped}\n</ul>`}
</body></html>
`;
}

const SARIF_LEVEL: Record<Severity, string> = { error: 'error', warn: 'warning', info: 'note', hint: 'note' };

/** Where in the description each operation is written: SARIF places a finding on its operation's line. */
export type LineOf = (operation: string) => { startLine: number; startColumn: number } | undefined;

export function renderSarif(report: ProbeReport, uri: string, lineOf: LineOf): string {
  const rules = [...new Set(report.findings.map(finding => finding.rule))].sort();
  const results = report.findings.map(finding => {
    const region = lineOf(finding.operation);
    return {
      ruleId: finding.rule,
      level: SARIF_LEVEL[finding.severity],
      message: { text: `${finding.message} (request: ${clip(requestLine(finding), 300)})` },
      locations: [{ physicalLocation: { artifactLocation: { uri }, ...(region === undefined ? {} : { region }) } }],
    };
  });
  const driver = {
    name: 'spectral-agent-ux probe',
    version: report.version,
    informationUri: `${DOCS_URL}probe.md`,
    rules: rules.map(id => ({ id, helpUri: docsOf(id) })),
  };
  const sarif = { $schema: 'https://json.schemastore.org/sarif-2.1.0.json', version: '2.1.0', runs: [{ tool: { driver }, results }] };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}
