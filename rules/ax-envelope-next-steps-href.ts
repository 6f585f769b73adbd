/** The agent-UX envelope (AGLedger's "The Agent-UX Envelope" and "Validating Authoring Before Deploy"). */
import { stepHrefs } from '../lib/envelope/envelope';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/semantics/names';
import { hrefProblem, pathMatcher, type PathMatcher } from '../lib/document/paths';
import { type Finding, responseFinding } from '../lib/findings/rule-function';
import { sayOf, withLive, type Said, type Say } from '../lib/findings/messages';
import { MAX_STEPS, MAX_SUGGESTIONS, shown, STEPS_READ, where, type LiveDescription, type Live } from '../lib/envelope/live';
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

/** What the live check says (The live check's, on a step the server sent (and the probe's and `unresolvedSteps`', on a step they were given)): a table of its own, so that the guard's bundle carries no lint's words. */
const LIVE_MESSAGES = {
  liveTemplatedHref: '{{step}} links to "{{href}}", which still holds `{{placeholder}}` for the agent to fill in. Send the concrete URL.',
  liveUndeclaredPath:
    '{{step}} links to "{{href}}", which matches no declared route{{guess}} An agent following it gets a 404. Build it from a declared route (server base path included).',
  liveNoGuess: '.',
  liveDidYouMean: '; did you mean `{{path}}`?',
  liveUndeclaredMethod:
    '{{step}} sends {{method}} to "{{href}}", but `{{path}}` declares {{declared}}. Send a declared method, or declare `{{lowerMethod}}` there.',
  // A step handed to `unresolvedSteps` (runtime/steps.ts) with no href to resolve.
  liveNoHref: '{{step}} has no href, so an agent cannot call it. Give every step a string href.',
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

const ID = 'ax-envelope-next-steps-href';
const sayLive = /* @__PURE__ */ sayOf(LIVE_MESSAGES);

/** What is wrong with a step that has no string href to resolve: said for `unresolvedSteps`. */
export const liveNoHref = (step: string): Said => sayLive('liveNoHref', { step });

/**
 * What is wrong with one live step's href, if anything (lib/document/paths.ts judges, as for the lint); `named` names
 * the step, asked only for a problem (most hrefs have none, and the guard names a step by its path in the body).
 */
export function liveHrefProblem(
  description: LiveDescription,
  suggest: (href: string) => string | undefined,
  named: () => string,
  href: string,
  method: unknown,
): Said | undefined {
  const found = hrefProblem(description.matcher, href, method);
  if (found === undefined) return undefined;
  const [step, shownHref] = [named(), shown(href)];
  if (found.kind === 'template') return sayLive('liveTemplatedHref', { step, href: shownHref, placeholder: found.placeholder });
  if (found.kind === 'unmatched') {
    const suggested = suggest(href);
    const guess = suggested === undefined ? sayLive('liveNoGuess') : sayLive('liveDidYouMean', { path: suggested });
    return sayLive('liveUndeclaredPath', { step, href: shownHref, guess });
  }
  return sayLive('liveUndeclaredMethod', {
    step,
    method: shown(found.method),
    href: shownHref,
    path: found.path,
    declared: found.declared,
    lowerMethod: shown(found.method.toLowerCase()),
  });
}

/** Live, on every status: each step's href reaches a declared route, with a method declared there. */
export const live = {
  rule: ID,
  at: () => true,
  check: exchange => {
    const { description, body, names } = exchange;
    if (!exchange.mayHold(namesFor(names, 'nextSteps'))) return [];
    // A suggestion costs an edit distance per declared route: the first few unmatched hrefs of a response get one.
    let suggestions = MAX_SUGGESTIONS;
    const suggest = (href: string) => (suggestions-- > 0 ? description.matcher.suggest(href) : undefined);
    const hrefs = stepHrefs({ value: body, location: [] }, names, exchange.stepHolders());
    if (hrefs.length > MAX_STEPS) exchange.limit(STEPS_READ);
    return hrefs
      .slice(0, MAX_STEPS)
      .flatMap(({ href, method, step }) => liveHrefProblem(description, suggest, () => `\`${where(step.location ?? [])}\``, href, method) ?? []);
  },
} satisfies Live;

/** ax-envelope-next-steps-href: every href an example's nextSteps hands the agent reaches a declared route and method. */
export default /* @__PURE__ */ defineRule({
  id: ID,
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
  live,
  // The probe follows steps rather than matching them, so its stale step reports what the runtime check would.
  probe: { reads: ['steps'], confirmedBy: 'ax-probe-stale-step', replacesLiveCheck: true },
  options: /* @__PURE__ */ ruleOptions<Options>(/* @__PURE__ */ nameOptionsSchema('nextSteps', 'nextStepItem')),
  messages: /* @__PURE__ */ withLive(MESSAGES, LIVE_MESSAGES),
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
