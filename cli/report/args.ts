/** The `report` command line: `spectral-agent-ux report <file> [--format …] [--ruleset …] [--output …] [--min-score N]`. */
import { stringOf, tokenize, UsageError, type FlagSpec, type Tokens } from '../args';
import type { LiveProbe } from '../io';

export const FORMATS = ['markdown', 'json', 'html'] as const;
export type Format = (typeof FORMATS)[number];

export interface ReportOptions<Play = unknown> {
  file: string;
  format: Format;
  ruleset?: string;
  output?: string;
  minScore?: number;
  allowRemoteRefs: boolean;
  /** `probe --format json` output: the evidence the score and level are backed by. */
  probe?: string;
  /** With --base-url: the probe is played against the API first, and its result read as --probe's. */
  play?: Play;
}

export const REPORT_USAGE = `Usage: spectral-agent-ux report <openapi-file> [options]

Scores how ready an OpenAPI description is for LLM agents, with the same rules as \`spectral lint\`.

Options:
  -f, --format <markdown|json|html>  output format (default: markdown)
  -r, --ruleset <file>               ruleset (default: .spectral.yaml/.yml/.json here, else spectral-agent-ux);
                                     a baseline file shows the findings it covers as "baselined"
  -o, --output <file>                write the report to a file instead of stdout
      --min-score <0-100>            exit with code 1 when the overall score is below this
      --allow-remote-refs            fetch http(s) $refs too (default: local files only, a warning for each)
      --probe <file>                 the output of \`probe --format json\` against the API: shows what each
                                     operation did live, and the level is a claim about the API only with it
  -u, --base-url <url>               run the probe against the API there first and use its result as --probe's;
                                     with the probe's -H/--header, -i/--input, -p/--param, --operation,
                                     --max-requests, --timeout, --follow-mutations, --allow-remote (see probe --help)
  -h, --help                         show this help

Exit codes: 0 done, 1 score below --min-score, 2 bad usage or input.`;

const SPEC = {
  values: ['--format', '--ruleset', '--output', '--min-score', '--probe'],
  switches: ['--allow-remote-refs'],
  aliases: { '-f': '--format', '-r': '--ruleset', '-o': '--output' },
};

/** The report's flags, and the probe's when it can play one. */
const specWith = (live: Pick<LiveProbe, 'flags'> | undefined): FlagSpec =>
  live === undefined
    ? SPEC
    : {
        values: [...SPEC.values, ...live.flags.values],
        switches: [...SPEC.switches, ...live.flags.switches],
        repeatable: live.flags.repeatable,
        aliases: { ...SPEC.aliases, ...live.flags.aliases },
      };

/** The probe's options when --base-url asks for a play; a probe flag without it, or beside --probe, is a usage error. */
function playOf<Play>(tokens: Tokens, live: LiveProbe<Play> | undefined, env: Record<string, string | undefined>): Play | undefined {
  const given = [...tokens.flags.keys(), ...tokens.lists.keys()].filter(
    flag => live?.flags.values.includes(flag) === true || live?.flags.switches.includes(flag) === true,
  );
  if (live === undefined || given.length === 0) return undefined;
  if (!tokens.flags.has('--base-url')) throw new UsageError(`${given[0]} is for the probe that --base-url runs; give --base-url too`);
  if (tokens.flags.has('--probe')) throw new UsageError('give --probe (a probe run read from its file) or --base-url (the probe run now), not both');
  return live.optionsOf(tokens, env);
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

/** The arguments after `report` (the dispatcher answers `--help`); with `live`, the probe's flags too, `env` for its headers variable. */
export function parseReportArgs<Play>(
  argv: readonly string[],
  live?: LiveProbe<Play>,
  env: Record<string, string | undefined> = process.env,
): ReportOptions<Play> {
  const tokens = tokenize(argv, specWith(live));
  const { flags, positionals } = tokens;
  const [file, ...extra] = positionals;
  if (file === undefined) throw new UsageError('missing the OpenAPI file to report on');
  if (extra.length > 0) throw new UsageError(`one file at a time; unexpected "${extra[0]}"`);
  return {
    file,
    format: formatOf(flags.get('--format')),
    ruleset: stringOf(flags.get('--ruleset')),
    output: stringOf(flags.get('--output')),
    minScore: minScoreOf(flags.get('--min-score')),
    allowRemoteRefs: flags.has('--allow-remote-refs'),
    probe: stringOf(flags.get('--probe')),
    play: playOf(tokens, live, env),
  };
}
