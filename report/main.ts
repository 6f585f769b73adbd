/**
 * The `report` command from argv to exit code, with its streams passed in so that tests run it in-process.
 * Exit codes: 0 done, 1 overall score below `--min-score`, 2 bad usage or input.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import packageJson from '../package.json';
import { parseArgs, UsageError, USAGE, type Format, type ReportOptions } from './args';
import { InputError, lint } from './lint';
import { buildReport, type ReportData } from './report';
import { renderHtml } from './render-html';
import { renderMarkdown } from './render-markdown';

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
}

/** Above this many operations, a lint takes long enough to deserve a progress line. */
const LARGE_DOCUMENT = 200;

const RENDERERS: Record<Format, (report: ReportData) => string> = {
  markdown: renderMarkdown,
  json: report => `${JSON.stringify(report, null, 2)}\n`,
  html: renderHtml,
};

async function report(options: ReportOptions, io: Io): Promise<number> {
  const started = Date.now();
  const progress = (text: string) => io.stderr(`spectral-agent-ux report: ${text}\n`);
  let large = false;
  const run = await lint(options.file, options.ruleset, {
    cwd: io.cwd,
    onParsed: operations => {
      large = operations > LARGE_DOCUMENT;
      if (large) progress(`linting ${operations} operations of ${options.file}…`);
    },
  });
  const data = buildReport(run, io.cwd);
  if (large) progress(`scored ${data.operations.length} operations in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const text = RENDERERS[options.format](data);
  if (options.output === undefined) io.stdout(text);
  else fs.writeFileSync(path.resolve(io.cwd, options.output), text);
  const score = data.overall.score;
  if (options.minScore !== undefined && score !== null && score < options.minScore) {
    io.stderr(`spectral-agent-ux report: overall score ${score}% is below --min-score ${options.minScore}\n`);
    return 1;
  }
  return 0;
}

export async function main(argv: readonly string[], io: Io): Promise<number> {
  try {
    const command = parseArgs(argv);
    if (command.kind === 'help') io.stdout(`${USAGE}\n`);
    if (command.kind === 'version') io.stdout(`${packageJson.version}\n`);
    return command.kind === 'report' ? await report(command.options, io) : 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`spectral-agent-ux: ${error.message} (see --help)\n`);
      return 2;
    }
    const message = error instanceof InputError ? error.message : `unexpected error: ${error instanceof Error ? error.message : String(error)}`;
    io.stderr(`spectral-agent-ux report: ${message.split('\n')[0]}\n`);
    return 2;
  }
}
