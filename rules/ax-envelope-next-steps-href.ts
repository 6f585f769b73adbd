/** The agent-UX envelope (AGLedger's "The Agent-UX Envelope" and "Validating Authoring Before Deploy"). */
import { stepHrefs } from '../lib/envelope/envelope';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/semantics/names';
import { hrefProblem, pathMatcher, type PathMatcher } from '../lib/document/paths';
import { type Finding, responseFinding } from '../lib/findings/rule-function';
import type { Said, Say } from '../lib/findings/messages';
import { defineRule, ruleOptions } from './declaration';

type Options = NameOptions<'nextSteps' | 'nextStepItem'>;

const MESSAGES = {
  templatedHref:
    "the example's `nextSteps` href `{{href}}` still holds `{{placeholder}}`, which the agent would have to fill in. Emit the concrete URL, with the real value in its place.",
  undeclaredPath:
    "the example's `nextSteps` href `{{href}}` matches no declared path{{guess}}. Point it at a declared route (base path included), or declare the route.",
  didYouMean: ' (did you mean `{{path}}`?)',
  undeclaredMethod:
    "the example's `nextSteps` step `{{method}} {{href}}` reaches `{{path}}`, which declares {{declared}}. Use a declared method, or declare `{{lowerMethod}}` there.",
} as const;

/** What is wrong with one step of an example, if anything. */
function problem(say: Say<typeof MESSAGES>, matcher: PathMatcher, href: string, method: unknown): Said | undefined {
  const found = hrefProblem(matcher, href, method);
  if (found?.kind === 'template') return say('templatedHref', { href, placeholder: found.placeholder });
  if (found?.kind === 'unmatched') {
    const suggested = matcher.suggest(href);
    return say('undeclaredPath', { href, guess: suggested === undefined ? '' : say('didYouMean', { path: suggested }) });
  }
  if (found === undefined) return undefined;
  return say('undeclaredMethod', { method: found.method, href, path: found.path, declared: found.declared, lowerMethod: found.method.toLowerCase() });
}

/** ax-envelope-next-steps-href: every href an example's nextSteps hands the agent reaches a declared route and method. */
export default defineRule({
  id: 'ax-envelope-next-steps-href',
  description: 'Every `nextSteps` href of a response example reaches a declared path and method, with no template left to fill in.',
  severity: 'error',
  recommended: true,
  principle: {
    label: 'href resolution',
    scope: 'operations with a response example that contains `nextSteps`',
    fixSite: 'response',
    fix: 'point every `nextSteps` href of the examples at a declared path and method',
  },
  scope: { holds: { concept: 'nextSteps', in: 'example' } },
  // The probe follows steps rather than matching them, so its stale step reports what the runtime check would.
  probe: { reads: ['steps'], confirmedBy: 'ax-probe-stale-step', replacesLiveCheck: true },
  options: ruleOptions<Options>(nameOptionsSchema('nextSteps', 'nextStepItem')),
  messages: MESSAGES,
  lint: ({ doc, options, operations, say }) => {
    // Most descriptions declare no nextSteps: skip the walk of every response schema and example.
    if (!doc.mayMention(namesFor(options, 'nextSteps'))) return [];
    const matcher = pathMatcher(doc);
    const findings: Finding[] = [];
    for (const operation of operations) {
      for (const response of doc.responses(operation)) {
        for (const example of doc.jsonBodies(operation, response).flatMap(body => body.examples)) {
          for (const { href, method, at } of stepHrefs(example, options)) {
            const what = problem(say, matcher, href, method);
            if (what !== undefined) findings.push(responseFinding(operation, response, what, [at.location]));
          }
        }
      }
    }
    return findings;
  },
});
