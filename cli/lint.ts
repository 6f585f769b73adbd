/**
 * The one "load the ruleset and lint like the CLI" module of the bin: the ruleset found the way
 * `spectral lint` finds it (with its severities, overrides and exemptions), the document parsed from
 * its real path, the same Spectral. Every command lints through here.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Document, Ruleset, Spectral, type ISpectralDiagnostic, type RulesetDefinition } from '@stoplight/spectral-core';
import { oas2, oas3 } from '@stoplight/spectral-formats';
import * as Parsers from '@stoplight/spectral-parsers';
import { bundleAndLoadRuleset } from '@stoplight/spectral-ruleset-bundler/with-loader';
import { builtins } from '@stoplight/spectral-ruleset-bundler/plugins/builtins';
import { commonjs } from '@stoplight/spectral-ruleset-bundler/plugins/commonjs';
import { fetch } from '@stoplight/spectral-runtime';
import { DiagnosticSeverity } from '@stoplight/types';
import packageRuleset from '../ruleset';
import { localResolver } from '../resolver';
import { HTTP_METHODS, isObject, OpenApiDocument, type JsonObject } from '../lib/document/document';
import { collectEdits, type EditsByRule, type SaidByRule, type UsersByRule } from '../lib/findings/rule-function';
import { firstLine, InputError } from './args';
import { readError } from './files';

/** What Spectral's Rule.getSeverityForSource answers for a rule that is off. */
export const OFF = -1;

/** The mark of a baseline file (cli/baseline/), in the one free-text field a Spectral ruleset allows: every command lints a baseline its own way. */
export const BASELINE_MARK = 'spectral-agent-ux baseline';
/** What a baseline's description says since findings on a shared component are one, on the component (0.3). */
export const PER_DEFECT = `${BASELINE_MARK} (per defect)`;

export const isBaseline = (definition: unknown): boolean =>
  isObject(definition) && typeof definition.description === 'string' && definition.description.startsWith(BASELINE_MARK);

/**
 * A baseline of 0.2 turned rules off per operation, where findings about shared components no longer sit:
 * read as it is, it would let those findings fail CI as new ones. Refused, with the command that rewrites it.
 */
export function refuseOldBaseline(definition: unknown, file: string): void {
  if (isBaseline(definition) && !(definition as { description: string }).description.startsWith(PER_DEFECT)) {
    throw new InputError(
      file,
      'was written by spectral-agent-ux 0.2, whose findings sat on each operation; write it again: npx spectral-agent-ux baseline <files>',
    );
  }
}

/** `--ruleset`, else a default ruleset file of the current folder (the CLI's rule), else undefined: the package's own. */
export async function findRulesetFile(option: string | undefined, cwd = process.cwd()): Promise<string | undefined> {
  if (option !== undefined) return path.resolve(cwd, option);
  const names = await fs.promises.readdir(cwd);
  const found = names.find(name => Ruleset.isDefaultRulesetFile(name));
  return found === undefined ? undefined : path.join(cwd, found);
}

/** The nearest default ruleset file (`.spectral.yaml`/`.yml`/`.json`/`.js`) in `dir` or a folder above it: an editor's document has no `cwd`. */
export async function findRulesetAbove(dir: string): Promise<string | undefined> {
  for (let current = dir; ; current = path.dirname(current)) {
    const found = await findRulesetFile(undefined, current).catch(() => undefined);
    if (found !== undefined) return found;
    if (path.dirname(current) === current) return undefined;
  }
}

/** The package's recommended ruleset, as `extends: ["spectral-agent-ux"]` gives it. */
export const packageDefinition = (): RulesetDefinition => ({ extends: [[packageRuleset as RulesetDefinition, 'recommended']] });

export async function loadRuleset(rulesetFile: string | undefined): Promise<Ruleset> {
  if (rulesetFile === undefined) return new Ruleset(packageDefinition(), { severity: 'recommended' });
  if (!fs.existsSync(rulesetFile)) throw new InputError(rulesetFile, 'no such ruleset file');
  if (fs.statSync(rulesetFile).isDirectory()) throw new InputError(rulesetFile, 'is a directory, not a ruleset file');
  try {
    // The CLI's own plugins: `extends` of packages (CommonJS) and of spectral:oas share this process's Spectral.
    return await bundleAndLoadRuleset(rulesetFile, { fs, fetch }, [builtins(), commonjs()]);
  } catch (error) {
    throw rulesetProblem(rulesetFile, error);
  }
}

/** The loader's own message, placed at `file:line:column` as `spectral lint` prints it. */
function rulesetProblem(rulesetFile: string, error: unknown): InputError {
  const parsed = parseFile(fs.readFileSync(rulesetFile, 'utf8'), rulesetFile);
  const syntax = syntaxProblem(parsed, rulesetFile);
  if (syntax !== undefined) return syntax;
  const errors = error instanceof AggregateError ? error.errors : [error];
  const first = errors[0] as { path?: unknown } | undefined;
  const range = Array.isArray(first?.path) ? parsed.getRangeForJsonPath(first.path, true) : undefined;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  const hint = /Cannot find module/.test(firstLine(first)) ? functionsDirHint(parsed.data, rulesetFile) : '';
  return new InputError(rulesetFile, `${firstLine(first)}${more}${hint}`, range === undefined ? '' : `:${range.start.line + 1}:${range.start.character + 1}`);
}

/** Where the package's functions are, seen from the ruleset's folder: the nearest node_modules up the tree. */
function packageFunctionsFrom(dir: string): string | undefined {
  for (let current = dir; ; current = path.dirname(current)) {
    const candidate = path.join(current, 'node_modules', 'spectral-agent-ux', 'dist', 'functions');
    if (fs.existsSync(candidate)) return path.relative(dir, candidate).split(path.sep).join('/');
    if (path.dirname(current) === current) return undefined;
  }
}

/** Spectral reads `functionsDir` from the ruleset's folder, not from where it runs: a wrong one says only "Cannot find module". */
function functionsDirHint(definition: unknown, rulesetFile: string): string {
  if (!isObject(definition) || typeof definition.functionsDir !== 'string') return '';
  const dir = path.dirname(rulesetFile);
  const found = packageFunctionsFrom(dir);
  const fix = found === undefined ? '' : `: here \`functionsDir: ${found.startsWith('.') ? found : `./${found}`}\``;
  return `; \`functionsDir\` is read from the ruleset's folder (${dir})${fix}`;
}

/** The options the ruleset gives a rule: the first `then` that has any (undefined for a rule it lacks). */
export function ruleOptions(ruleset: Ruleset, ruleId: string): JsonObject | undefined {
  return (ruleset.rules[ruleId]?.then ?? []).map(then => then.functionOptions).find(isObject);
}

/** JSON files with the JSON parser (faster on large files), everything else as YAML. */
const isJsonFile = (file: string) => /\.json$/i.test(file);
export const parseFile = (text: string, file: string) => (isJsonFile(file) ? new Document(text, Parsers.Json, file) : new Document(text, Parsers.Yaml, file));
export type ParsedDocument = ReturnType<typeof parseFile>;

function syntaxProblem(document: ParsedDocument, file: string): InputError | undefined {
  const error = document.diagnostics.find(diagnostic => diagnostic.severity === DiagnosticSeverity.Error);
  return error === undefined
    ? undefined
    : new InputError(file, `invalid ${isJsonFile(file) ? 'JSON' : 'YAML'} at line ${error.range.start.line + 1}: ${error.message}`);
}

/** Reads and parses a JSON or YAML file; a missing file or a syntax error is an InputError. */
export async function readParsed(file: string): Promise<ParsedDocument> {
  let text: string;
  try {
    text = await fs.promises.readFile(file, 'utf8');
  } catch (error) {
    throw readError(file, error);
  }
  const document = parseFile(text, file);
  const syntax = syntaxProblem(document, file);
  if (syntax !== undefined) throw syntax;
  return document;
}

/** Why a parsed document cannot be linted as a description (a syntax error, no content, not OpenAPI), if it cannot. */
export function descriptionProblem(document: ParsedDocument, file: string): InputError | undefined {
  const syntax = syntaxProblem(document, file);
  if (syntax !== undefined) return syntax;
  if (document.data === undefined || document.data === null || (typeof document.data === 'string' && document.data.trim() === ''))
    return new InputError(file, 'is empty; point at the OpenAPI description');
  if (!oas2(document.data, null) && !oas3(document.data, null))
    return new InputError(file, 'not an OpenAPI description (no `openapi: 3.x` or `swagger: "2.0"` at the top level)');
  return undefined;
}

/** Reads and parses the description; any reason it cannot be linted is an InputError. */
export async function readDocument(file: string): Promise<ParsedDocument> {
  const document = await readParsed(file);
  const problem = descriptionProblem(document, file);
  if (problem !== undefined) throw problem;
  return document;
}

export interface LintedDocument {
  /** The document's absolute path: the `source` of Spectral's diagnostics. */
  file: string;
  doc: OpenApiDocument;
  /** The ruleset the lint ran with (a baseline's without its overrides). */
  ruleset: Ruleset;
  /** What `spectral lint -r <ruleset>` prints, and, with a baseline, the findings it covers too. */
  diagnostics: readonly ISpectralDiagnostic[];
  /** With a baseline ruleset: the diagnostics its overrides turn off (the CLI does not print them). */
  baselined: ReadonlySet<ISpectralDiagnostic>;
  /** The edits this package's rules computed beside their findings, when the lint asked for them (`fix`, `report`). */
  edits?: EditsByRule;
  /** With the edits: the operations each finding on a shared component stands for. */
  users?: UsersByRule;
  /** With the edits: what each finding of this package said, as data (its `messageId` and `data`). */
  said?: SaidByRule;
  /** The remote `$ref`s left unresolved, not fetched (resolver.ts): each is a warning. */
  skippedRefs: string[];
}

export interface LintRun extends LintedDocument {
  /** The ruleset file used; undefined for the package's recommended ruleset. */
  rulesetFile: string | undefined;
}

/** Which remote `$ref`s a run may fetch: none unless --allow-remote-refs. */
export type RemoteRefs = (url: URL) => boolean;
export const NO_REMOTE_REFS: RemoteRefs = () => false;
/** Every remote `$ref` with --allow-remote-refs, else none. */
export const remoteRefsWhen = (allowed: boolean): RemoteRefs => (allowed ? () => true : NO_REMOTE_REFS);

export interface LintMode {
  /** Lint without the ruleset's own overrides, then ask Spectral which findings they turn off (a baseline file). */
  baseline?: boolean;
  /** The rules compute their edits too (lib/findings/rule-function.ts's edits mode): only `fix` and `report` need them. */
  edits?: boolean;
  /** The remote `$ref`s it may fetch: none by default, so that a description cannot make the run send requests. */
  remoteRefs?: RemoteRefs;
}

export interface LintHooks extends Pick<LintMode, 'edits' | 'remoteRefs'> {
  cwd?: string;
  /** Called once the document is parsed, before the (possibly long) lint. */
  onParsed?: (operations: number) => void;
}

export async function lint(
  file: string,
  rulesetOption: string | undefined,
  { cwd = process.cwd(), onParsed, edits, remoteRefs }: LintHooks = {},
): Promise<LintRun> {
  const document = await readDocument(path.resolve(cwd, file));
  const rulesetFile = await findRulesetFile(rulesetOption, cwd);
  const ruleset = await loadRuleset(rulesetFile);
  onParsed?.(countOperations(document.data));
  return lintParsed(document, ruleset, rulesetFile, edits, remoteRefs);
}

/** The lint of a parsed document with the ruleset loaded from `rulesetFile`, a baseline file read as one. */
export async function lintParsed(
  document: ParsedDocument,
  ruleset: Ruleset,
  rulesetFile: string | undefined,
  edits?: boolean,
  remoteRefs?: RemoteRefs,
): Promise<LintRun> {
  const baseline = rulesetFile !== undefined && isBaseline(ruleset.definition);
  if (baseline) refuseOldBaseline(ruleset.definition, rulesetFile);
  return { ...(await lintWith(document, ruleset, { baseline, edits, remoteRefs })), rulesetFile };
}

/**
 * The ruleset with the overrides of its own file left out: what a baseline file extends, as Spectral
 * sees it through `extends` (which ignores the overrides of an extended ruleset).
 */
export function withoutOverrides(ruleset: Ruleset, source = ruleset.source ?? undefined): Ruleset {
  return new Ruleset({ extends: [ruleset.definition] } as RulesetDefinition, { severity: 'recommended', source });
}

/**
 * The lint itself, on a parsed document with a loaded ruleset (tests pass rulesets built in memory).
 */
export async function lintWith(
  document: ParsedDocument,
  ruleset: Ruleset,
  { baseline = false, edits = false, remoteRefs = NO_REMOTE_REFS }: LintMode = {},
): Promise<LintedDocument> {
  const linted = baseline ? withoutOverrides(ruleset) : ruleset;
  const collected = edits ? collectEdits(document) : undefined;
  const skipped = new Set<string>();
  const spectral = new Spectral({ resolver: localResolver({ fetches: remoteRefs, onSkipped: ref => skipped.add(ref) }) });
  spectral.setRuleset(linted);
  const { results, resolved } = await spectral.runWithResolved(document);
  const file = document.source!;
  const forFile = ruleset.fromSource(file);
  const covered = (diagnostic: ISpectralDiagnostic) =>
    forFile.rules[String(diagnostic.code)]?.getSeverityForSource(diagnostic.source ?? file, diagnostic.path) === OFF;
  return {
    file,
    ruleset: linted,
    doc: OpenApiDocument.of(document.data, resolved),
    diagnostics: results,
    baselined: new Set(baseline ? results.filter(covered) : []),
    skippedRefs: [...skipped],
    ...(collected === undefined ? {} : collected),
  };
}

/** Operations as written under `paths` (path-item `$ref`s not followed): enough to decide whether to show progress. */
function countOperations(data: unknown): number {
  const paths = isObject(data) && isObject(data.paths) ? Object.values(data.paths) : [];
  return paths.reduce<number>((count, item) => count + (isObject(item) ? HTTP_METHODS.filter(method => isObject(item[method])).length : 0), 0);
}
