/**
 * The `probe` command: read the description and the ruleset as `report` does, play an agent against
 * the running API, render, and compare the findings with --fail-severity.
 */
import * as path from 'node:path';
import { Ruleset } from '@stoplight/spectral-core';
import { version } from '../../package.json';
import { label } from '../../lib/findings/rule-function';
import { nearest } from '../../lib/document/nearest';
import { InputError, UsageError } from '../args';
import { writeAtomically } from '../files';
import type { Command, Io, LiveProbe } from '../io';
import { findRulesetFile, lintWith, loadRuleset, readDocument, remoteRefsWhen, ruleOptions, type RemoteRefs } from '../lint';
import { silentMistakes } from '../mistakes';
import { Client, baseUrlOf, isLoopbackHost } from './http';
import { arazzoOf } from './arazzo';
import { parseProbeArgs, PLAY_SPEC, playOptionsOf, PROBE_USAGE, type PlayOptions, type ProbeFormat, type ProbeOptions } from './args';
import { coverageShortfall, noneTested } from './coverage';
import { UserValues } from './given';
import { redactor } from './redact';
import { Play, rate, SEVERITIES } from './play';
import { renderHtml, renderJson, renderMarkdown, renderSarif, summaryLine, visible, type LineOf, type ProbeReport } from './render';
import type { RuleOptions } from '../../runtime/checks';
import type { OpenApiDocument } from '../../lib/document/document';

// What the probe prints holds what servers sent: their invisible characters are shown escaped (render.ts).
const say = (io: Io, text: string) => io.stderr(`spectral-agent-ux probe: ${visible(text)}\n`);

/**
 * Each rule's own options, as the lint gives them to it: its field names and its scope (`prefixes`,
 * `readOnly`, `hypermedia`), for its live check and for the play's readings that serve its verdict; rules
 * given different names are warned of (cli/mistakes.ts), never merged. Rules given equal options get one
 * object, so the checks read a body once for them.
 */
function optionsOfRules(ruleset: Ruleset): (rule: string) => RuleOptions {
  const byText = new Map<string, RuleOptions>();
  return rule => {
    const options = ruleOptions(ruleset, rule) ?? {};
    const text = JSON.stringify(options);
    const found = byText.get(text);
    if (found !== undefined) return found;
    const { prefixes, readOnly, hypermedia } = options as Pick<RuleOptions, 'prefixes' | 'readOnly' | 'hypermedia'>;
    const given: RuleOptions = { names: options, prefixes, readOnly, hypermedia };
    byText.set(text, given);
    return given;
  };
}

/** The remote `$ref`s the probe may fetch: with --allow-remote-refs, by the rule of its base URL (this machine, unless --allow-remote). */
function refsOf(options: PlayOptions): RemoteRefs {
  return !options.allowRemoteRefs || options.allowRemote ? remoteRefsWhen(options.allowRemoteRefs) : url => isLoopbackHost(url.hostname);
}

/** Every --operation names an operation of the description, or the user hears which one it meant. */
function checkOperations(wanted: readonly string[], known: readonly string[]): void {
  for (const operation of wanted) {
    if (known.includes(operation)) continue;
    const meant = nearest(operation, known);
    throw new UsageError(`--operation "${operation}" is not in the description${meant === undefined ? '' : `; did you mean "${meant}"?`}`);
  }
}

/** The journey the probe played, as an Arazzo workflow beside which the description is reached by a relative URL. */
function writeJourney(target: string, description: string, play: Play, client: Client): void {
  const source = path.relative(path.dirname(target), description).split(path.sep).join('/');
  const text = arazzoOf(play.journal, source.startsWith('.') ? source : `./${source}`, `Agent journeys of ${path.basename(description)}`, play.sendsToken);
  writeAtomically(target, redactor(client.secrets)(text), 'the Arazzo workflow');
}

/** One play of the probe: the report as `--format json` gives it, what its renderers need, and the redaction of every credential it knows. */
interface Probed {
  report: ProbeReport;
  document: Awaited<ReturnType<typeof readDocument>>;
  doc: OpenApiDocument;
  file: string;
  play: Play;
  client: Client;
  redact: (text: string) => string;
}

/** Reads the description, plays the probe against the API, and says on stderr what went wrong with an operation: `probe` and `report --base-url` both run it. */
async function playProbe(options: PlayOptions, io: Io, dryRun = false): Promise<Probed> {
  // Refused before anything is read or sent: a remote host needs --allow-remote.
  const baseUrl = baseUrlOf(options.baseUrl, options.allowRemote);
  const file = path.resolve(io.cwd, options.file);
  const document = await readDocument(file);
  const ruleset = await loadRuleset(await findRulesetFile(options.ruleset, io.cwd));
  // Resolution only (external `$ref`s): no rule runs, the probe asks the runtime checks instead.
  const { doc, skippedRefs } = await lintWith(document, new Ruleset({ rules: {} }), { remoteRefs: refsOf(options) });
  for (const mistake of silentMistakes({ file, doc, ruleset, skippedRefs })) say(io, `warning: ${mistake}`);
  checkOperations(
    options.operations,
    doc.operations().map(operation => label(operation)),
  );
  const user = await UserValues.read(doc, options.params, options.input === undefined ? undefined : path.resolve(io.cwd, options.input));
  const client = new Client({ baseUrl, headers: options.headers, maxRequests: options.maxRequests, timeoutMs: options.timeoutMs, dryRun });
  const play = new Play({
    doc,
    ruleset,
    file,
    optionsOf: optionsOfRules(ruleset),
    client,
    followMutations: options.followMutations,
    only: options.operations,
    user,
  });
  const played = await play.run();
  // Nothing answered (nothing listens, the host does not resolve, every request timed out): there is no report to give.
  const failed = played.operations.find(result => result.firstTry === null && result.why !== undefined && !result.why.startsWith('not sent'));
  if (!dryRun && played.answered === 0 && failed !== undefined)
    throw new InputError(baseUrl.href, `no request got an HTTP answer (${failed.why}); is the API running there?`);
  // A route without an id answering 404 too: the base path, rather than the records, is the likely cause.
  const sent = played.operations.filter(result => result.firstTry !== null);
  if (!dryRun && sent.some(result => !result.operation.includes('{')) && sent.every(result => result.firstTry === 404)) {
    say(io, `warning: every first try answered 404; does --base-url include the servers' base path? It stands for the description's servers URL.`);
  }
  if (!dryRun) for (const result of played.operations) if (result.why !== undefined) say(io, `warning: ${result.operation}: ${result.why}`);
  const probes = played.operations.reduce((sum, result) => sum + result.probes, 0);
  const recovered = played.operations.reduce((sum, result) => sum + result.recovered, 0);
  const report: ProbeReport = {
    tool: 'spectral-agent-ux probe',
    version,
    description: options.file,
    baseUrl: baseUrl.href,
    probes,
    recovered,
    recoveryRate: rate(recovered, probes),
    ...played,
    ...(dryRun ? { planned: client.planned } : {}),
    cut: client.cut,
  };
  // The requests the report shows carry what the user gave: its credentials are redacted as an echo of a header's are.
  return { report, document, doc, file, play, client, redact: redactor([...client.secrets, ...user.secrets()]) };
}

async function run(options: ProbeOptions, io: Io): Promise<number> {
  const { report, document, doc, file, play, client, redact } = await playProbe(options, io, options.dryRun);
  const lineOf: LineOf = operation => {
    const found = doc.operations().find(candidate => label(candidate) === operation);
    const range = found === undefined ? undefined : document.getRangeForJsonPath(found.location);
    return range === undefined ? undefined : { startLine: range.start.line + 1, startColumn: range.start.character + 1 };
  };
  const renderers: Record<ProbeFormat, () => string> = {
    markdown: () => renderMarkdown(report),
    json: () => renderJson(report),
    html: () => renderHtml(report),
    sarif: () => renderSarif(report, path.relative(io.cwd, file).split(path.sep).join('/'), lineOf),
  };
  const text = visible(redact(renderers[options.format]()));
  if (options.output === undefined) io.stdout(text);
  else writeAtomically(path.resolve(io.cwd, options.output), text, 'the probe report');
  if (options.output !== undefined || options.format !== 'markdown') say(io, summaryLine(report));
  if (options.arazzo !== undefined && !options.dryRun) writeJourney(path.resolve(io.cwd, options.arazzo), file, play, client);
  if (!options.dryRun && report.tested === 0 && report.operations.length > 0) {
    say(io, noneTested(doc, report));
    return 1;
  }
  const shortfall = options.dryRun ? undefined : coverageShortfall(doc, report.operations, options.minCoverage);
  if (shortfall !== undefined) say(io, shortfall);
  const failing = SEVERITIES.slice(0, SEVERITIES.indexOf(options.failSeverity) + 1);
  return shortfall !== undefined || report.findings.some(finding => failing.includes(finding.severity)) ? 1 : 0;
}

export const probe: Command = {
  usage: PROBE_USAGE,
  run: (argv, io) => run(parseProbeArgs(argv), io),
};

/** The play `report --base-url` runs: the probe's own parser and play, its JSON report as `--format json` writes it. */
export const liveProbe: LiveProbe<PlayOptions> = {
  flags: PLAY_SPEC,
  optionsOf: playOptionsOf,
  play: async (options, io) => {
    const { report, redact } = await playProbe(options, io);
    return JSON.parse(redact(renderJson(report))) as unknown;
  },
};
