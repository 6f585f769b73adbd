/** The `probe` command line: `spectral-agent-ux probe <file> --base-url URL [--operation …] [--format …] [--header …]`. */
import { routeLabel } from './given';
import { stringOf, tokenize, UsageError, type Tokens } from '../args';
import { SEVERITIES, type Severity } from './play';

export const PROBE_FORMATS = ['markdown', 'json', 'html', 'sarif'] as const;
export type ProbeFormat = (typeof PROBE_FORMATS)[number];

/** Headers for every request, one `Name: value` per line: credentials kept out of the command line and the shell history. */
export const HEADERS_ENV = 'AGENT_UX_PROBE_HEADERS';

/** What decides the requests the probe sends: what `probe` and `report --base-url` both take. */
export interface PlayOptions {
  file: string;
  baseUrl: string;
  operations: string[];
  ruleset?: string;
  maxRequests: number;
  timeoutMs: number;
  headers: Record<string, string>;
  followMutations: boolean;
  allowRemote: boolean;
  /** Fetch remote `$ref`s: on this machine only, unless allowRemote too. */
  allowRemoteRefs: boolean;
  /** What the probe cannot infer: --param values by parameter name, and the --input file of values per operation. */
  params: Record<string, string>;
  input?: string;
}

export interface ProbeOptions extends PlayOptions {
  format: ProbeFormat;
  output?: string;
  failSeverity: Severity;
  /** The share of operations (not exempted) that must answer their first try with a 2xx, in percent. */
  minCoverage: number;
  dryRun: boolean;
  /** Where to write the journey played, as an Arazzo 1.0.1 workflow. */
  arazzo?: string;
}

export const PROBE_USAGE = `Usage: spectral-agent-ux probe <openapi-file> --base-url <url> [options]

Plays an agent against a running API: a first try of each operation, the steps its answers offer, then
one fault at a time, each repaired with only what the error says. Point it at a test deployment.

Options:
  -u, --base-url <url>             where the API runs, standing for the description's servers URL
                                   (its base path included); loopback hosts only, unless --allow-remote
      --operation "<METHOD /path>" probe only this operation, as written in the description (repeatable)
  -f, --format <markdown|json|html|sarif>  output format (default: markdown)
  -o, --output <file>              write the report to a file instead of stdout
  -r, --ruleset <file>             ruleset for severities, options and overrides (default: as report)
      --fail-severity <error|warn|info|hint>  exit 1 when a finding has this severity or worse (default: error)
  -H, --header "<Name: value>"     send with every request (repeatable); never written to the report.
                                   ${HEADERS_ENV} may hold them instead, one per line
  -p, --param <name=value>         a value for every parameter of this name (a path id, a query), over what
                                   the probe infers (repeatable)
  -i, --input <file>               path values, query and body per operation (by operationId or "METHOD /path"),
                                   JSON or YAML: what the probe cannot infer, e.g. a token route's credentials
      --min-coverage <percent>     exit 1 when fewer of the operations (less those exempted from every
                                   ax-probe-* rule) answered their first try with a 2xx (default: 100)
      --arazzo <file>              write the requests sent (login, creates, each fault and its repair) and
                                   the statuses seen as an Arazzo 1.0.1 workflow, to replay with a runner
      --max-requests <n>           requests in all, at most (default: 300)
      --timeout <ms>               per request (default: 5000)
      --follow-mutations           follow POST, PUT, PATCH and DELETE steps too (default: GET steps only)
      --allow-remote               allow a base URL that is not this machine
      --allow-remote-refs          fetch http(s) $refs too, from this machine only unless --allow-remote
                                   (default: local files only, a warning for each)
      --dry-run                    list the first tries and faults it would send, and send nothing
  -h, --help                       show this help

Exit codes: 0 done, 1 a finding reached --fail-severity or coverage is below --min-coverage,
2 bad usage or input, or no request got an HTTP answer.`;

/** The flags that decide the requests sent (`report --base-url` takes them too; it has its own --ruleset and --allow-remote-refs). */
export const PLAY_SPEC = {
  values: ['--base-url', '--operation', '--header', '--max-requests', '--timeout', '--param', '--input'],
  switches: ['--follow-mutations', '--allow-remote'],
  repeatable: ['--operation', '--header', '--param'],
  aliases: { '-u': '--base-url', '-H': '--header', '-p': '--param', '-i': '--input' },
};

const SPEC = {
  values: [...PLAY_SPEC.values, '--format', '--output', '--ruleset', '--fail-severity', '--min-coverage', '--arazzo'],
  switches: [...PLAY_SPEC.switches, '--allow-remote-refs', '--dry-run'],
  repeatable: PLAY_SPEC.repeatable,
  aliases: { ...PLAY_SPEC.aliases, '-f': '--format', '-o': '--output', '-r': '--ruleset' },
};

function oneOf<T extends string>(flag: string, value: string | true | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  const found = allowed.find(candidate => candidate === value);
  if (found === undefined) throw new UsageError(`${flag} must be one of ${allowed.join(', ')}, not "${value}"`);
  return found;
}

function percentage(flag: string, value: string | true | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (typeof value !== 'string' || value.trim() === '' || !(number >= 0 && number <= 100))
    throw new UsageError(`${flag} must be a percentage from 0 to 100, not "${value}"`);
  return number;
}

function positiveInteger(flag: string, value: string | true | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (typeof value !== 'string' || !Number.isInteger(number) || number < 1) throw new UsageError(`${flag} must be a positive integer, not "${value}"`);
  return number;
}

/** `Name: value` lines into a header map; a line without a colon is a usage error that names the source, not the value. */
export function parseHeaders(lines: readonly string[], source: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines.map(text => text.trim()).filter(text => text !== '')) {
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).trim() : '';
    if (!/^[!#$%&'*+.^_`|~\w-]+$/.test(name)) throw new UsageError(`${source} takes "Name: value" headers; one has no valid name before its colon`);
    const value = line.slice(colon + 1).trim();
    // A line break would end the header and start another (or the body); the value itself is a secret, so it is not shown.
    if (/[\0-\x08\n-\x1f\x7f]/.test(value)) throw new UsageError(`${source}: the value of ${name} holds a line break or another control character`);
    headers[name] = value;
  }
  return headers;
}

/**
 * A base URL's `user:password@` taken out of it, as the Basic Authorization header it stands for (as curl
 * sends it), so that the report, the errors and the summary never show it; the URL as given otherwise.
 */
export function withoutUserinfo(text: string): { baseUrl: string; headers: Record<string, string> } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { baseUrl: text, headers: {} };
  }
  if (url.username === '' && url.password === '') return { baseUrl: text, headers: {} };
  let login: string;
  try {
    login = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  } catch {
    throw new UsageError('--base-url has a user name or password that is not validly percent-encoded');
  }
  url.username = '';
  url.password = '';
  return { baseUrl: url.href, headers: { Authorization: `Basic ${Buffer.from(login, 'utf8').toString('base64')}` } };
}

function operationOf(text: string): string {
  const route = routeLabel(text);
  if (route === undefined) throw new UsageError(`--operation takes "METHOD /path" as written in the description (e.g. "POST /orders"), not "${text}"`);
  return route;
}

/** The arguments after `probe` (the dispatcher answers `--help`); `env` for the headers variable. */
export function parseProbeArgs(argv: readonly string[], env: Record<string, string | undefined> = process.env): ProbeOptions {
  const tokens = tokenize(argv, SPEC);
  const { flags } = tokens;
  return {
    ...playOptionsOf(tokens, env),
    format: oneOf('--format', flags.get('--format'), PROBE_FORMATS, 'markdown'),
    output: stringOf(flags.get('--output')),
    failSeverity: oneOf('--fail-severity', flags.get('--fail-severity'), SEVERITIES, 'error'),
    minCoverage: percentage('--min-coverage', flags.get('--min-coverage'), 100),
    dryRun: flags.get('--dry-run') === true,
    arazzo: stringOf(flags.get('--arazzo')),
  };
}

/** The play's options out of a command line tokenized with PLAY_SPEC's flags among its own; `env` for the headers variable. */
export function playOptionsOf({ flags, lists, positionals }: Tokens, env: Record<string, string | undefined>): PlayOptions {
  const [file, ...extra] = positionals;
  if (file === undefined) throw new UsageError('missing the OpenAPI file to probe with');
  if (extra.length > 0) throw new UsageError(`one file at a time; unexpected "${extra[0]}"`);
  const given = stringOf(flags.get('--base-url'));
  if (given === undefined) throw new UsageError('missing --base-url: where the API to probe runs (e.g. http://127.0.0.1:3000/v1)');
  const { baseUrl, headers: login } = withoutUserinfo(given);
  return {
    file,
    baseUrl,
    operations: (lists.get('--operation') ?? []).map(operationOf),
    ruleset: stringOf(flags.get('--ruleset')),
    maxRequests: positiveInteger('--max-requests', flags.get('--max-requests'), 300),
    timeoutMs: positiveInteger('--timeout', flags.get('--timeout'), 5000),
    headers: { ...login, ...parseHeaders((env[HEADERS_ENV] ?? '').split('\n'), HEADERS_ENV), ...parseHeaders(lists.get('--header') ?? [], '--header') },
    followMutations: flags.get('--follow-mutations') === true,
    allowRemote: flags.get('--allow-remote') === true,
    allowRemoteRefs: flags.get('--allow-remote-refs') === true,
    params: parseParams(lists.get('--param') ?? []),
    input: stringOf(flags.get('--input')),
  };
}

/** `name=value` pairs into a map (the last value of a name wins); whether the name is a parameter is the description's to say. */
export function parseParams(pairs: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (const pair of pairs) {
    const equals = pair.indexOf('=');
    if (equals < 1) throw new UsageError(`--param takes name=value (e.g. orderId=ord_1), not "${pair}"`);
    params[pair.slice(0, equals).trim()] = pair.slice(equals + 1);
  }
  return params;
}
