/**
 * The answers the rules keep per document (lib/document/document.ts `memo`, `memoFor`: a view's link lookalike) are kept
 * per parse, which every rule of a lint shares, and asked again by rules with other options: a rule run on a parse
 * another run read first finds what it finds on a parse of its own.
 */
import { Spectral, type ISpectralDiagnostic, type RulesetDefinition } from '@stoplight/spectral-core';
import ruleset from '../ruleset';
import type { RuleId } from '../rules';
import { at, body, JSON_SCHEMA, oas3, postWith as post } from './support/documents';
import { toDocument } from './support/testRule';

function spectralFor(ruleId: RuleId, functionOptions?: Record<string, unknown>): Spectral {
  const definition = ruleset.rules[ruleId];
  const spectral = new Spectral();
  spectral.setRuleset({
    rules: { [ruleId]: { ...definition, then: { ...definition.then, ...(functionOptions === undefined ? {} : { functionOptions }) }, recommended: true } },
  } as RulesetDefinition);
  return spectral;
}

const found = (results: ISpectralDiagnostic[]) => results.map(({ path, message }) => ({ path, message }));

/** Lints one parse with each options in turn, and each on a parse of its own: the two must agree. */
async function onSharedParse(ruleId: RuleId, document: object, optionSets: (Record<string, unknown> | undefined)[]) {
  const shared = toDocument(document);
  const sharedRuns = [];
  for (const options of optionSets) sharedRuns.push(found(await spectralFor(ruleId, options).run(shared)));
  const ownRuns = [];
  for (const options of optionSets) ownRuns.push(found(await spectralFor(ruleId, options).run(toDocument(document))));
  return { sharedRuns, ownRuns };
}

const HREF_ONLY = { type: 'object', required: ['href'], properties: { href: { type: 'string' } } };
/** A body whose `content.hypermedia` lists hrefs without a method: a link collection one object down only when `hypermedia` names one. */
const NESTED_LINKS = oas3({
  '/a': post({ '201': body({ type: 'object', properties: { content: { type: 'object', properties: { hypermedia: { type: 'array', items: HREF_ONLY } } } } }) }),
});
const STEP = '[{ action, method, href, description }]';
const TERMS = '(all required, `method` an HTTP-method enum)';

test("ax-envelope-next-steps: a view's link lookalike is asked per collection names, on a parse another run read first", async () => {
  const { sharedRuns, ownRuns } = await onSharedParse('ax-envelope-next-steps', NESTED_LINKS, [undefined, { linkCollection: ['hypermedia'] }]);
  const path = at('/a', 'post', '201', ...JSON_SCHEMA);
  expect(sharedRuns).toEqual([
    [
      {
        path,
        message: `POST /a 201: no \`nextSteps\`. Add \`nextSteps\`: ${STEP} ${TERMS} to the application/json schema.`,
      },
    ],
    [
      {
        path,
        message: `POST /a 201: no \`nextSteps\`; \`content.hypermedia\` has no method. If it lists the next calls, give each a \`method\`; else add \`nextSteps\`: ${STEP} ${TERMS}.`,
      },
    ],
  ]);
  expect(sharedRuns).toEqual(ownRuns);
});
