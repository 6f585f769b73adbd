/**
 * Builders for the report tests: the fixture folder, rulesets built in memory, a report of a file, and
 * the two sides of the report's promise (failing cells, and the diagnostics of Spectral run on its own).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Document, Ruleset, Spectral, type ISpectralDiagnostic, type RulesetDefinition } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import ruleset from '../../ruleset';
import { lintWith, readDocument } from '../../cli/lint';
import { PRINCIPLES } from '../../cli/report/principles';
import { buildReport, type ReportData } from '../../cli/report/report';
import { collectEdits, findingKey, type UsersByRule } from '../../lib/findings/rule-function';
import { ROOT } from './bin';

export { ROOT };
export const FIXTURES = join(ROOT, 'test', 'fixtures', 'report');
export const example = (name: string) => join(ROOT, 'examples', name);

/**
 * The package's ruleset with the user's additions, as if read from `<FIXTURES>/.spectral.yaml`
 * (overrides match files relative to the ruleset's own folder).
 */
/** `extra` holds the `rules` and `overrides` of a .spectral.yaml, as objects. */
export function rulesetWith(extra: { rules?: Record<string, unknown>; overrides?: unknown[] } = {}, preset: 'recommended' | 'all' = 'recommended'): Ruleset {
  const definition = { extends: [[ruleset as RulesetDefinition, preset]], ...extra } as RulesetDefinition;
  return new Ruleset(definition, { severity: 'recommended', source: join(FIXTURES, '.spectral.yaml') });
}

/** A ruleset that turns one rule off, lowers a severity, and overrides one operation of orders.yaml. */
export const fixtureRuleset = () =>
  rulesetWith({
    rules: { 'ax-envelope-refresh-url': 'off', 'ax-recoverable-suggestion': 'info' },
    overrides: [{ files: ['orders.yaml#/paths/~1orders/post'], rules: { 'ax-envelope-next-steps': 'off' } }],
  });

/** With `baseline`, the ruleset's overrides are read as a baseline's (their findings are "baselined"). */
export async function reportOn(file: string, rules: Ruleset, baseline = false): Promise<ReportData> {
  const linted = await lintWith(await readDocument(file), rules, { baseline, edits: true });
  return buildReport({ ...linted, rulesetFile: rules.source ?? undefined }, ROOT);
}

const principleRules = new Set<string>(PRINCIPLES.map(principle => principle.rule));

/** Spectral on its own, as `spectral lint` runs it (the YAML parser, the real path as source). */
export async function lintAlone(file: string, ruleset: Ruleset) {
  const spectral = new Spectral();
  spectral.setRuleset(ruleset);
  return spectral.run(new Document(readFileSync(file, 'utf8'), Parsers.Yaml, file));
}

/** Spectral on its own with the rules noting the responses each finding on a shared component stands for (their edits mode). */
export async function lintNotingUsers(file: string, ruleset: Ruleset) {
  const spectral = new Spectral();
  spectral.setRuleset(ruleset);
  const document = new Document(readFileSync(file, 'utf8'), Parsers.Yaml, file);
  const { users } = collectEdits(document);
  return { diagnostics: await spectral.run(document), users };
}

/**
 * "rule operation-pointer", once per operation a diagnostic of a principle's rule stands for: the one its path
 * lies in, else (a finding on a shared component) each operation of the responses its rule noted.
 */
export function diagnosticKeys(report: ReportData, diagnostics: readonly ISpectralDiagnostic[], users: UsersByRule): string[] {
  const ownerOf = (path: readonly (string | number)[]) =>
    report.operations.find(operation => operation.location.every((segment, i) => String(segment) === String(path[i])));
  return diagnostics
    .filter(diagnostic => principleRules.has(String(diagnostic.code)))
    .flatMap(diagnostic => {
      const noted = users.get(String(diagnostic.code))?.get(findingKey(diagnostic.path, diagnostic.message));
      const owners = (noted ?? [diagnostic.path]).map(ownerOf);
      return [...new Set(owners)].map(owner => `${diagnostic.code} ${owner?.pointer ?? `(no operation) ${diagnostic.path.join(' ')}`}`);
    })
    .sort();
}

export function failingCellKeys(report: ReportData): string[] {
  return report.operations
    .flatMap(operation =>
      PRINCIPLES.flatMap(principle => {
        const cell = operation.cells[principle.id];
        // A failing cell without a diagnostic gets a key no diagnostic matches, so the comparison fails.
        if (cell.status === 'fail' && !cell.diagnostics?.length) return [`${principle.rule} ${operation.pointer} (no diagnostic)`];
        return cell.status === 'fail' ? cell.diagnostics!.map(() => `${principle.rule} ${operation.pointer}`) : [];
      }),
    )
    .sort();
}

/** The cell of one operation (by method and path) and principle. */
export const cellOf = (report: ReportData, method: string, path: string, principle: string) =>
  report.operations.find(operation => operation.method === method && operation.path === path)?.cells[principle];
