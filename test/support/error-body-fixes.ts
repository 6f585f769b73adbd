/**
 * What answering an error response with an offered body does, by every rule of the package: the finding of
 * `ax-recoverable-error-schema` there cleared, none kept, and only what the generic `{ code, message }` would add.
 */
import { Spectral, type ISpectralDiagnostic, type RulesetDefinition } from '@stoplight/spectral-core';
import ruleset from '../../ruleset';
import { outcome } from './fixes';
import { body } from './documents';
import { toDocument } from './testRule';

const RULE = 'ax-recoverable-error-schema';

/** Every rule of the package on a document: what a fix must clear, and add nothing to. */
async function lintAll(document: object): Promise<ISpectralDiagnostic[]> {
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [[ruleset as RulesetDefinition, 'all']] });
  return spectral.run(toDocument(document));
}

/** The findings of `RULE` before, and what every rule says once `response` is answered at `path`: nothing kept, nothing added. */
async function fixedBy(document: object, path: string[], response: object) {
  const before = await lintAll(document);
  const fixed = structuredClone(document) as Record<string, unknown>;
  const parent = path.slice(0, -1).reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, fixed);
  parent[path[path.length - 1]] = response;
  const after = await lintAll(fixed);
  const claimed = before.filter(result => result.code === RULE && JSON.stringify(result.path) === JSON.stringify(path));
  return { claimed, ...outcome(before, claimed, after) };
}

/** The rules of findings (`outcome`'s keys). */
const rulesOf = (keys: readonly string[]) => keys.map(key => (JSON.parse(key) as string[])[0]);
/** The generic fix, `{ code, message }`: what a fix offered instead must do no worse than. */
const GENERIC_BODY = { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } };

/**
 * Answering `path` with the offered body clears its finding, keeps none, and adds only what the generic body adds there
 * (what any new error body of that status is asked): the rules of those findings.
 */
export async function fixedLikeGeneric(document: object, path: string[], offered: object): Promise<string[]> {
  const { claimed, kept, added } = await fixedBy(document, path, body(offered, 'application/json', 'Error'));
  expect(claimed).toHaveLength(1);
  expect(kept).toEqual([]);
  expect(rulesOf(added)).toEqual(rulesOf((await fixedBy(document, path, body(GENERIC_BODY, 'application/json', 'Error'))).added));
  return rulesOf(added);
}
