import { stuckActions } from '../lib/envelope/envelope';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/rules/names';
import { ruleFunction, type Finding, responseFinding } from '../lib/rules/rule-function';

type Options = NameOptions<'nextActions' | 'nextSteps'>;

const MESSAGES = {
  stuckWithoutSteps:
    'the response example has an empty `{{key}}` and no `{{name}}`: an agent is stuck. Add `{{name}}` beside it: the recovery calls that remain ({ action, method, href, description }[]).',
  stuckWithEmptySteps:
    'the response example has an empty `{{key}}` and an empty `{{name}}`: an agent is stuck. Add `{{name}}` beside it: the recovery calls that remain ({ action, method, href, description }[]).',
} as const;

/**
 * ax-envelope-empty-actions: an example that says "no transitions" still tells the agent how to recover
 * (AGLedger's "The Agent-UX Envelope", finding F-456).
 */
export default ruleFunction<Options, typeof MESSAGES>(
  'envelopeEmptyActions',
  nameOptionsSchema('nextActions', 'nextSteps'),
  MESSAGES,
  ({ doc, options, operations, say }) => {
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
);
