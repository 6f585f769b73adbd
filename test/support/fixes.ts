/** What applying `fix`'s edits did to a lint: shared by the fixture tests and the corpus test. */
import { Document, Spectral, type ISpectralDiagnostic } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { openapiOverlay } from 'openapi-format';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LintedDocument } from '../../cli/lint';
import { findingKey } from '../../lib/findings/rule-function';

export const ours = (diagnostics: readonly ISpectralDiagnostic[]) => diagnostics.filter(diagnostic => String(diagnostic.code).startsWith('ax-'));
const keyOf = (diagnostic: ISpectralDiagnostic) => JSON.stringify([diagnostic.code, diagnostic.path, diagnostic.message]);
const placeOf = (diagnostic: ISpectralDiagnostic) => JSON.stringify([diagnostic.code, diagnostic.path]);

/**
 * What applying the edits did: `kept`, claimed findings still reported at their place (unless that report
 * was there before, unclaimed: a second finding of the rule in the same schema); `added`, findings at a
 * place where the rule reported nothing before. A finding left for a person may change its words when a
 * shared schema it sits in was edited for another finding: that is neither.
 */
export function outcome(before: readonly ISpectralDiagnostic[], claimed: readonly ISpectralDiagnostic[], after: readonly ISpectralDiagnostic[]) {
  const claimedKeys = new Set(claimed.map(keyOf));
  const leftBefore = new Set(
    ours(before)
      .filter(diagnostic => !claimedKeys.has(keyOf(diagnostic)))
      .map(keyOf),
  );
  const placesBefore = new Set(ours(before).map(placeOf));
  const claimedPlaces = new Set(claimed.map(placeOf));
  return {
    kept: ours(after)
      .filter(diagnostic => claimedPlaces.has(placeOf(diagnostic)) && !leftBefore.has(keyOf(diagnostic)))
      .map(keyOf),
    added: ours(after)
      .filter(diagnostic => !placesBefore.has(placeOf(diagnostic)))
      .map(keyOf),
  };
}

/** What applying a plan's edits did, from the lints before and after: `{ kept: [], added: [] }` when the fix worked. */
export const planOutcome = (
  before: readonly ISpectralDiagnostic[],
  plan: { fixed: readonly { diagnostic: ISpectralDiagnostic }[] },
  after: readonly ISpectralDiagnostic[],
) =>
  outcome(
    before,
    plan.fixed.map(({ diagnostic }) => diagnostic),
    after,
  );

/**
 * The places a plan's fixed findings concern, for `unconcernedGains`: each finding's own, or, for one on a
 * shared component, the responses its rule noted as the component's users.
 */
export const claimedPlaces = (linted: LintedDocument, plan: { fixed: readonly { diagnostic: ISpectralDiagnostic }[] }) =>
  plan.fixed.flatMap(({ diagnostic }) => linted.users?.get(String(diagnostic.code))?.get(findingKey(diagnostic.path, diagnostic.message)) ?? [diagnostic.path]);

/** The places of spectral:oas errors (severity error) in a description's text. */
export async function oasErrors(text: string, file: string): Promise<Set<string>> {
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [[oas as never, 'recommended']] });
  const results = await spectral.run(new Document(text, (file.endsWith('.json') ? Parsers.Json : Parsers.Yaml) as never, file));
  return new Set(results.filter(result => result.severity === 0).map(result => JSON.stringify([result.code, result.path])));
}

/**
 * An overlay applied by openapi-format, a second Overlay implementation independent of this package and of
 * openapi-overlays-js (its own JSONPath library and merge): the result, and how many actions matched no node.
 */
export async function applyWithOpenapiFormat(description: object, overlay: object): Promise<{ result: unknown; unmatched: number }> {
  const { data, resultData } = await openapiOverlay(structuredClone(description) as never, { overlaySet: overlay as never });
  return { result: data, unmatched: Number(resultData.totalUnusedActions) };
}

/** The rules docs/fix.md's table gives an edit for, in its order. */
export function rulesWithEditsInDocs(): string[] {
  const page = readFileSync(join(__dirname, '..', '..', 'docs', 'fix.md'), 'utf8');
  return [...page.matchAll(/^\| \[`(ax-[a-z-]+)`\]\(rules\//gm)].map(match => match[1]);
}
