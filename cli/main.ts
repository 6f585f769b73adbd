/**
 * The `spectral-agent-ux` bin: a small dispatcher from argv to one command's folder, and the one place
 * that turns errors into exit codes. Exit codes: 0 done, 1 the command's check failed, 2 bad usage or input.
 */
import { version } from '../package.json';
import { baseline } from './baseline/command';
import { fix } from './fix/command';
import { lsp } from './lsp/command';
import { liveProbe, probe } from './probe/command';
import { reportWith } from './report/command';
import { firstLine, InputError, UsageError } from './args';
import { asFileError } from './files';
import type { Command, Io } from './io';

const COMMANDS: Record<string, Command> = { report: reportWith(liveProbe), baseline, fix, probe, lsp };

export const USAGE = `Usage: spectral-agent-ux <command> [options]

Commands:
  report <openapi-file>       score how ready the description is for LLM agents (markdown, json, html)
  baseline <openapi-file>...  write a Spectral ruleset that accepts today's findings, so CI fails only on new ones
  fix <openapi-file>          write the fixes that need no person as an OpenAPI Overlay, or apply them (--apply)
  probe <openapi-file>        play an agent against a running test API: first tries, steps, faults and recovery
  lsp --stdio                 a language server for editors: a quick fix for each finding fix can edit

Run \`spectral-agent-ux <command> --help\` for its options. -v, --version shows the version.
Exit codes: 0 done, 1 the command's check failed (--min-score, --check, --fail-severity), 2 bad usage or input.`;

const asks = (argv: readonly string[], ...flags: string[]) => argv.some(arg => flags.includes(arg));

async function dispatch(argv: readonly string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  const command = name === undefined ? undefined : COMMANDS[name];
  if (asks(argv, '--version', '-v')) io.stdout(`${version}\n`);
  else if (command !== undefined && asks(rest, '--help', '-h')) io.stdout(`${command.usage}\n`);
  else if (command !== undefined) return command.run(rest, io);
  else if (asks(argv, '--help', '-h')) io.stdout(`${USAGE}\n`);
  else
    throw new UsageError(
      name === undefined
        ? 'missing command: report, baseline, fix, probe or lsp'
        : `unknown command "${name}" (the commands are: report, baseline, fix, probe, lsp)`,
    );
  return 0;
}

export async function main(argv: readonly string[], io: Io): Promise<number> {
  const prefix = argv[0] !== undefined && argv[0] in COMMANDS ? `spectral-agent-ux ${argv[0]}` : 'spectral-agent-ux';
  try {
    return await dispatch(argv, io);
  } catch (error) {
    if (error instanceof UsageError) io.stderr(`${prefix}: ${error.message} (see --help)\n`);
    else if (error instanceof InputError) io.stderr(`${prefix}: ${firstLine(error.lineFrom(io.cwd))}\n`);
    else if (asFileError(error) !== undefined) io.stderr(`${prefix}: ${firstLine(asFileError(error)!.lineFrom(io.cwd))}\n`);
    else io.stderr(`${prefix}: unexpected error: ${firstLine(error)}\n`);
    return 2;
  }
}
