/**
 * Runs the same lint as `spectral lint`: the ruleset found the way the CLI finds it (with its
 * severities, overrides and exemptions), the document parsed from its real path, the same Spectral.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Document, Ruleset, Spectral, type RulesetDefinition } from '@stoplight/spectral-core';
import { oas2, oas3 } from '@stoplight/spectral-formats';
import * as Parsers from '@stoplight/spectral-parsers';
import { bundleAndLoadRuleset } from '@stoplight/spectral-ruleset-bundler/with-loader';
import { builtins } from '@stoplight/spectral-ruleset-bundler/plugins/builtins';
import { commonjs } from '@stoplight/spectral-ruleset-bundler/plugins/commonjs';
import { fetch } from '@stoplight/spectral-runtime';
import { DiagnosticSeverity } from '@stoplight/types';
import packageRuleset from '../ruleset';
import { HTTP_METHODS, isObject, OpenApiDocument } from '../lib/document';
import type { LintedDocument } from './scorecard';

/** Bad input: reported on one line naming the file, with exit code 2. */
export class InputError extends Error {}

/** `--ruleset`, else a default ruleset file of the current folder (the CLI's rule), else undefined: the package's own. */
export async function findRulesetFile(option: string | undefined, cwd = process.cwd()): Promise<string | undefined> {
  if (option !== undefined) return path.resolve(cwd, option);
  const names = await fs.promises.readdir(cwd);
  const found = names.find(name => Ruleset.isDefaultRulesetFile(name));
  return found === undefined ? undefined : path.join(cwd, found);
}

export async function loadRuleset(rulesetFile: string | undefined): Promise<Ruleset> {
  if (rulesetFile === undefined) return new Ruleset({ extends: [[packageRuleset as RulesetDefinition, 'recommended']] }, { severity: 'recommended' });
  if (!fs.existsSync(rulesetFile)) throw new InputError(`${shown(rulesetFile)}: no such ruleset file`);
  try {
    // The CLI's own plugins: `extends` of packages (CommonJS) and of spectral:oas share this process's Spectral.
    return await bundleAndLoadRuleset(rulesetFile, { fs, fetch }, [builtins(), commonjs()]);
  } catch (error) {
    throw new InputError(`${shown(rulesetFile)}: cannot load the ruleset (${firstLine(error)})`);
  }
}

/** JSON files with the JSON parser (faster on large files), everything else as YAML. */
const isJsonFile = (file: string) => /\.json$/i.test(file);
const parse = (text: string, file: string) => (isJsonFile(file) ? new Document(text, Parsers.Json, file) : new Document(text, Parsers.Yaml, file));
export type ParsedDocument = ReturnType<typeof parse>;

/** Reads and parses the description; any reason it cannot be linted is an InputError. */
export async function readDocument(file: string): Promise<ParsedDocument> {
  let text: string;
  try {
    text = await fs.promises.readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(`${shown(file)}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory, not a file' : firstLine(error)}`);
  }
  const document = parse(text, file);
  const syntaxError = document.diagnostics.find(diagnostic => diagnostic.severity === DiagnosticSeverity.Error);
  if (syntaxError !== undefined) {
    throw new InputError(`${shown(file)}: invalid ${isJsonFile(file) ? 'JSON' : 'YAML'} at line ${syntaxError.range.start.line + 1}: ${syntaxError.message}`);
  }
  if (!oas2(document.data, null) && !oas3(document.data, null)) {
    throw new InputError(`${shown(file)}: not an OpenAPI description (no \`openapi: 3.x\` or \`swagger: "2.0"\` at the top level)`);
  }
  return document;
}

export interface LintRun extends LintedDocument {
  /** The ruleset file used; undefined for the package's recommended ruleset. */
  rulesetFile: string | undefined;
}

export interface LintHooks {
  cwd?: string;
  /** Called once the document is parsed, before the (possibly long) lint. */
  onParsed?: (operations: number) => void;
}

export async function lint(file: string, rulesetOption: string | undefined, { cwd = process.cwd(), onParsed }: LintHooks = {}): Promise<LintRun> {
  const document = await readDocument(path.resolve(cwd, file));
  const rulesetFile = await findRulesetFile(rulesetOption, cwd);
  const ruleset = await loadRuleset(rulesetFile);
  onParsed?.(countOperations(document.data));
  return { ...(await lintWith(document, ruleset)), rulesetFile };
}

/** The lint itself, on a parsed document with a loaded ruleset (tests pass rulesets built in memory). */
export async function lintWith(document: ParsedDocument, ruleset: Ruleset): Promise<LintedDocument> {
  const spectral = new Spectral();
  spectral.setRuleset(ruleset);
  const { results, resolved } = await spectral.runWithResolved(document);
  return { file: document.source!, ruleset, doc: OpenApiDocument.of(document.data, resolved), diagnostics: results };
}

/** Operations as written under `paths` (path-item `$ref`s not followed): enough to decide whether to show progress. */
function countOperations(data: unknown): number {
  const paths = isObject(data) && isObject(data.paths) ? Object.values(data.paths) : [];
  return paths.reduce<number>((count, item) => count + (isObject(item) ? HTTP_METHODS.filter(method => isObject(item[method])).length : 0), 0);
}

/** A path as the user would type it: relative to the current folder when inside it. */
function shown(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative === '' || relative.startsWith('..') ? file : relative;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0];
}
