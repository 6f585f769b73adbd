import { stepHrefs } from '../lib/envelope/envelope';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/rules/names';
import { hrefProblem, pathMatcher, type PathMatcher } from '../lib/document/paths';
import { ruleFunction, type Finding, responseFinding } from '../lib/rules/rule-function';

type Options = NameOptions<'nextSteps' | 'nextStepItem'>;

/** What is wrong with one step of an example, if anything. */
function problem(matcher: PathMatcher, href: string, method: unknown): string | undefined {
  const found = hrefProblem(matcher, href, method);
  if (found?.kind === 'template') {
    return `the example's \`nextSteps\` href \`${href}\` still holds \`${found.placeholder}\`, which the agent would have to fill in. Emit the concrete URL, with the real value in its place.`;
  }
  if (found?.kind === 'unmatched') {
    const suggested = matcher.suggest(href);
    const guess = suggested === undefined ? '' : ` (did you mean \`${suggested}\`?)`;
    return `the example's \`nextSteps\` href \`${href}\` matches no declared path${guess}. Point it at a declared route (base path included), or declare the route.`;
  }
  if (found === undefined) return undefined;
  return `the example's \`nextSteps\` step \`${found.method} ${href}\` reaches \`${found.path}\`, which declares ${found.declared}. Use a declared method, or declare \`${found.method.toLowerCase()}\` there.`;
}

/** ax-envelope-next-steps-href: every href an example's nextSteps hands the agent reaches a declared route and method. */
export default ruleFunction<Options>('envelopeNextStepsHref', nameOptionsSchema('nextSteps', 'nextStepItem'), ({ doc, options, operations }) => {
  // Most descriptions declare no nextSteps: skip the walk of every response schema and example.
  if (!doc.mayMention(namesFor(options, 'nextSteps'))) return [];
  const matcher = pathMatcher(doc);
  const findings: Finding[] = [];
  for (const operation of operations) {
    for (const response of doc.responses(operation)) {
      for (const example of doc.jsonBodies(operation, response).flatMap(body => body.examples)) {
        for (const { href, method, at } of stepHrefs(example, options)) {
          const what = problem(matcher, href, method);
          if (what !== undefined) findings.push(responseFinding(operation, response, what, [at.location]));
        }
      }
    }
  }
  return findings;
});
