/** The agent-UX envelope (AGLedger's "The Agent-UX Envelope" and "Validating Authoring Before Deploy"). */
import { stuckActions } from '../lib/envelope/envelope';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/semantics/names';
import { type Finding, responseFinding } from '../lib/findings/rule-function';
import { sayOf, withLive } from '../lib/findings/messages';
import { MAX_STEPS, STEPS_READ, where, type Live } from '../lib/envelope/live';
import { defineRule, ruleOptions } from './declaration';

type Options = NameOptions<'nextActions' | 'nextSteps'>;

const MESSAGES = {
  stuckWithoutSteps:
    'the response example has an empty `{{key}}` and no `{{name}}`: an agent is stuck. Add `{{name}}` beside it: the recovery calls that remain ({ action, method, href, description }[]).',
  stuckWithEmptySteps:
    'the response example has an empty `{{key}}` and an empty `{{name}}`: an agent is stuck. Add `{{name}}` beside it: the recovery calls that remain ({ action, method, href, description }[]).',
} as const;

/** What the live check says, on a body the server sent: a table apart, so that the guard's bundle carries none of the lint's words. */
const LIVE_MESSAGES = {
  liveStuck: '`{{at}}` is empty and no `{{name}}` sits beside it, so an agent concludes it is stuck. Send `{{name}}` with the recovery calls that remain.',
} as const;

const ID = 'ax-envelope-empty-actions';
const sayLive = /* @__PURE__ */ sayOf(LIVE_MESSAGES);

/** Live, on every status: "no transitions left" still comes with the calls that remain. */
export const live = {
  rule: ID,
  at: () => true,
  check: exchange => {
    const { body, names } = exchange;
    if (!exchange.mayHold(namesFor(names, 'nextActions'))) return [];
    const name = namesFor(names, 'nextSteps')[0];
    const stuck = stuckActions({ value: body, location: [] }, names);
    if (stuck.length > MAX_STEPS) exchange.limit(STEPS_READ);
    return stuck.slice(0, MAX_STEPS).map(({ value }) => sayLive('liveStuck', { at: where(value.location ?? []), name }));
  },
} satisfies Live;

/**
 * ax-envelope-empty-actions: an example that says "no transitions" still tells the agent how to recover
 * (AGLedger's "The Agent-UX Envelope", finding F-456).
 */
export default /* @__PURE__ */ defineRule({
  id: ID,
  description: 'A response example with an empty `nextActions` carries a non-empty `nextSteps`.',
  severity: 'warn',
  recommended: false,
  principle: {
    label: 'empty actions',
    scope: 'operations with a response example that contains `nextActions`',
    fixSite: 'response',
    fix: 'give the example with an empty `nextActions` a non-empty `nextSteps`',
  },
  scope: { holds: { concept: 'nextActions', in: 'example' } },
  live,
  options: /* @__PURE__ */ ruleOptions<Options>(/* @__PURE__ */ nameOptionsSchema('nextActions', 'nextSteps')),
  messages: /* @__PURE__ */ withLive(MESSAGES, LIVE_MESSAGES),
  lint: ({ doc, options, operations, say }) => {
    // Most descriptions declare no nextActions: skip the walk of every response schema and example.
    if (!doc.mayMention(namesFor(options, 'nextActions'))) return [];
    const stepNames = namesFor(options, 'nextSteps');
    const findings: Finding[] = [];
    for (const operation of operations) {
      for (const response of doc.responses(operation)) {
        for (const example of doc.jsonBodies(operation, response).flatMap(body => body.examples)) {
          for (const { key, value, steps } of stuckActions(example, options)) {
            const text = say(steps === 'none' ? 'stuckWithoutSteps' : 'stuckWithEmptySteps', { key, name: stepNames[0] });
            findings.push(responseFinding(operation, response, text, [value.location]));
          }
        }
      }
    }
    return findings;
  },
});
