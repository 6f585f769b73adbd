/** The `report` command: lint like the CLI, score, render, and compare with `--min-score`. */
import * as path from 'node:path';
import { writeAtomically } from '../files';
import type { Command, Io, LiveProbe } from '../io';
import { lint, remoteRefsWhen } from '../lint';
import { silentMistakes } from '../mistakes';
import { parseReportArgs, REPORT_USAGE, type Format, type ReportOptions } from './args';
import { buildReport, type ReportData } from './report';
import { probeRunOf, readProbe, type ProbeRun } from './evidence';
import { renderHtml } from './render-html';
import { renderMarkdown } from './render-markdown';

/** Above this many operations, a lint takes long enough to deserve a progress line. */
const LARGE_DOCUMENT = 200;

const RENDERERS: Record<Format, (report: ReportData) => string> = {
  markdown: renderMarkdown,
  json: report => `${JSON.stringify(report, null, 2)}\n`,
  html: renderHtml,
};

/** The probe played now with `play`'s options (--base-url's), read as its `--format json` output is; none without them. */
async function played<Play>(live: LiveProbe<Play>, play: Play | undefined, io: Io): Promise<ProbeRun | undefined> {
  return play === undefined ? undefined : probeRunOf(await live.play(play, io), 'the probe');
}

async function run<Play>(options: ReportOptions<Play>, live: LiveProbe<Play>, io: Io): Promise<number> {
  const started = Date.now();
  const progress = (text: string) => io.stderr(`spectral-agent-ux report: ${text}\n`);
  let large = false;
  // Read (or played) first: a file that is not the probe's output, or an API that does not answer, is one line before the lint's work.
  const probe = options.probe === undefined ? await played(live, options.play, io) : await readProbe(path.resolve(io.cwd, options.probe));
  const linted = await lint(options.file, options.ruleset, {
    cwd: io.cwd,
    edits: true,
    remoteRefs: remoteRefsWhen(options.allowRemoteRefs),
    onParsed: operations => {
      large = operations > LARGE_DOCUMENT;
      if (large) progress(`linting ${operations} operations of ${options.file}…`);
    },
  });
  for (const mistake of silentMistakes(linted)) progress(`warning: ${mistake}`);
  const data = buildReport(linted, io.cwd, probe);
  if (large) progress(`scored ${data.operations.length} operations in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const text = RENDERERS[options.format](data);
  if (options.output === undefined) io.stdout(text);
  else writeAtomically(path.resolve(io.cwd, options.output), text, 'the report');
  const score = data.overall.score;
  if (options.minScore !== undefined && score !== null && score < options.minScore) {
    io.stderr(`spectral-agent-ux report: overall score ${score}% is below --min-score ${options.minScore}\n`);
    return 1;
  }
  return 0;
}

/** The command, given the probe's play for --base-url (by the dispatcher: commands do not import each other). */
export const reportWith = <Play>(live: LiveProbe<Play>): Command => ({
  usage: REPORT_USAGE,
  run: (argv, io) => run(parseReportArgs(argv, live), live, io),
});
