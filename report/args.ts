/** The command line: `spectral-agent-ux report <file> [--format …] [--ruleset …] [--output …] [--min-score N]`. */

export const FORMATS = ['markdown', 'json', 'html'] as const;
export type Format = (typeof FORMATS)[number];

export interface ReportOptions {
  file: string;
  format: Format;
  ruleset?: string;
  output?: string;
  minScore?: number;
}

export type Command = { kind: 'help' } | { kind: 'version' } | { kind: 'report'; options: ReportOptions };

export const USAGE = `Usage: spectral-agent-ux report <openapi-file> [options]

Scores how ready an OpenAPI description is for LLM agents, with the same rules as \`spectral lint\`.

Options:
  -f, --format <markdown|json|html>  output format (default: markdown)
  -r, --ruleset <file>               ruleset (default: .spectral.yaml/.yml/.json here, else spectral-agent-ux)
  -o, --output <file>                write the report to a file instead of stdout
      --min-score <0-100>            exit with code 1 when the overall score is below this
  -h, --help                         show this help
  -v, --version                      show the version

Exit codes: 0 done, 1 score below --min-score, 2 bad input.`;

/** Wrong usage of the command: one line on stderr, exit code 2. */
export class UsageError extends Error {}

const ALIASES: Record<string, string> = { '-f': '--format', '-r': '--ruleset', '-o': '--output', '-h': '--help', '-v': '--version' };
const VALUE_FLAGS = new Set(['--format', '--ruleset', '--output', '--min-score']);

/** Splits `--flag=value`, expands short aliases, and pairs each value flag with its value. */
function tokenize(argv: readonly string[]): { flags: Map<string, string | true>; positionals: string[] } {
  const flags = new Map<string, string | true>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const [raw, inline] = argv[i].startsWith('--') && argv[i].includes('=') ? splitOnce(argv[i]) : [argv[i], undefined];
    const flag = ALIASES[raw] ?? raw;
    if (!flag.startsWith('-') || flag === '-') {
      positionals.push(flag);
    } else if (VALUE_FLAGS.has(flag)) {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new UsageError(`${flag} needs a value`);
      flags.set(flag, value);
    } else if (flag === '--help' || flag === '--version') {
      flags.set(flag, true);
    } else {
      throw new UsageError(`unknown option ${raw}`);
    }
  }
  return { flags, positionals };
}

function splitOnce(arg: string): [string, string] {
  const at = arg.indexOf('=');
  return [arg.slice(0, at), arg.slice(at + 1)];
}

function formatOf(value: string | true | undefined): Format {
  if (value === undefined) return 'markdown';
  const format = FORMATS.find(candidate => candidate === value);
  if (format === undefined) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, not "${value}"`);
  return format;
}

function minScoreOf(value: string | true | undefined): number | undefined {
  if (value === undefined) return undefined;
  const score = Number(value);
  if (value === true || value.trim() === '' || !Number.isFinite(score) || score < 0 || score > 100) {
    throw new UsageError(`--min-score must be a number from 0 to 100, not "${value}"`);
  }
  return score;
}

const stringOf = (value: string | true | undefined) => (typeof value === 'string' ? value : undefined);

export function parseArgs(argv: readonly string[]): Command {
  const { flags, positionals } = tokenize(argv);
  if (flags.has('--help')) return { kind: 'help' };
  if (flags.has('--version')) return { kind: 'version' };
  const [command, file, ...extra] = positionals;
  if (command !== 'report') throw new UsageError(command === undefined ? 'missing command: report' : `unknown command "${command}" (the command is: report)`);
  if (file === undefined) throw new UsageError('missing the OpenAPI file to report on');
  if (extra.length > 0) throw new UsageError(`one file at a time; unexpected "${extra[0]}"`);
  return {
    kind: 'report',
    options: {
      file,
      format: formatOf(flags.get('--format')),
      ruleset: stringOf(flags.get('--ruleset')),
      output: stringOf(flags.get('--output')),
      minScore: minScoreOf(flags.get('--min-score')),
    },
  };
}
