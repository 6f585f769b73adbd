/** The agent-UX envelope (AGLedger's "The Agent-UX Envelope" and "Validating Authoring Before Deploy"). */
import { describeViews, errorSchemas, judgeOnce } from '../lib/errors/error-bodies';
import { STATE_FIELDS, stateEvidence, stateRejection, type StateField } from '../lib/envelope/envelope';
import { homeCarrier, memberNames, schemaAnswer } from '../lib/errors/schema-shapes';
import { inStyleOf, placeOf } from '../lib/errors/error-wording';
import { nameList, nameOptionsSchema, namesFor, type NameOptions } from '../lib/semantics/names';
import { sayOf, withLive } from '../lib/findings/messages';
import { firstName, type Live } from '../lib/envelope/live';
import { stateEdits, stateSchema } from '../lib/envelope/state-fix';
import { isStateRejectionStatus } from '../lib/semantics/scope';
import type { Scope } from './applicability';
import { defineRule, ruleOptions } from './declaration';

type Options = NameOptions<StateField | 'errorList'>;

const MESSAGES = {
  noState: 'reports a state rejection ({{evidence}}) without the state',
  // Each operation gives its own evidence of one defect of the schema.
  noStateOnAny: 'reports a state rejection without the state',
  addState: 'Add {{fields}}{{place}}.',
  // Each required field, with what it holds.
  currentStateField: '`{{name}}` (string)',
  allowedActionsField: '`{{name}}` (string[])',
  refreshUrlField: '`{{name}}` (URL to re-read it)',
} as const;

/** What the live check says, on a body the server sent: a table apart, so that the guard's bundle carries none of the lint's words. */
const LIVE_MESSAGES = {
  liveLacksField: 'the error body is a state rejection ({{signal}}) but lacks {{fields}}. Send it, so the agent re-plans from the real state.',
  liveLacksFields: 'the error body is a state rejection ({{signal}}) but lacks {{fields}}. Send them, so the agent re-plans from the real state.',
} as const;

const FIELDS = { currentState: 'currentStateField', allowedActions: 'allowedActionsField', refreshUrl: 'refreshUrlField' } as const satisfies Record<
  StateField,
  keyof typeof MESSAGES
>;

/** The responses the rule reads, the state rejections: the runtime guard reads them too (runtime/checks.ts), importing this alone, not the lint. */
export const scope = { responses: isStateRejectionStatus, holds: 'state rejection' } satisfies Scope;

const ID = 'ax-envelope-state';
const sayLive = /* @__PURE__ */ sayOf(LIVE_MESSAGES);

/** Live, on the rule's statuses: a state rejection hands over the state and the legal moves (and, but on a 422, where to re-read them). */
export const live = {
  rule: ID,
  at: status => scope.responses(String(status)),
  check: exchange => {
    const rejection = exchange.stateRejection();
    // On a 422 the refresh url is ax-envelope-refresh-url's to ask: one missing field, one violation.
    const lacking = rejection?.missing.filter(field => exchange.status !== 422 || field !== 'refreshUrl') ?? [];
    if (lacking.length === 0) return [];
    const fields = nameList(
      lacking.map(field => firstName(exchange.names, field)),
      'and',
    );
    return [sayLive(lacking.length > 1 ? 'liveLacksFields' : 'liveLacksField', { signal: rejection!.signal, fields })];
  },
} satisfies Live;

/**
 * ax-envelope-state: a 409/422 state rejection hands the agent the state, the legal moves and where to
 * re-read them. On a 422, the refresh url is ax-envelope-refresh-url's to ask: one missing field, one finding.
 */
export default /* @__PURE__ */ defineRule({
  id: ID,
  description: 'Every 409/422 state rejection declares the current state, the allowed actions and a refresh url.',
  severity: 'error',
  recommended: true,
  principle: {
    label: 'state rejection',
    scope: 'operations with a 409 or 422 that reports a state rejection (a state field, or "state"/"transition" in its description)',
    fixSite: 'error schema',
    fix: 'declare `currentState`, `allowedActions` and `refreshUrl`',
  },
  scope,
  live,
  options: /* @__PURE__ */ ruleOptions<Options>(/* @__PURE__ */ nameOptionsSchema(STATE_FIELDS, 'errorList')),
  messages: /* @__PURE__ */ withLive(MESSAGES, LIVE_MESSAGES),
  lint: ({ doc, options, operations, say, statuses }) => {
    const names = Object.fromEntries(STATE_FIELDS.map(concept => [concept, namesFor(options, concept)])) as Record<StateField, readonly string[]>;
    const once = judgeOnce();
    const own = stateSchema(doc, operations, options);
    return errorSchemas(doc, operations, statuses).flatMap(target => {
      const rejection = stateRejection(doc, target, options);
      if (rejection === undefined) return [];
      const asked = target.response.status === '422' ? STATE_FIELDS.filter(concept => concept !== 'refreshUrl') : STATE_FIELDS;
      // The rejection's evidence fitted to the first use stands for all (`sameWhat` leaves it out); judged per response, as
      // its fix points that response at the rejections' own schema.
      return describeViews(doc, target, view =>
        once(target, view, [asked.length, target.response], () => {
          const missing = asked.filter(concept => schemaAnswer(doc, view, concept, options) === undefined);
          if (missing.length === 0) return undefined;
          const home = homeCarrier(doc, view, options);
          // In the body's own naming style: `current_state` beside `error_description`.
          const named = missing.map(concept => [concept, inStyleOf(memberNames(home), names[concept])] as const);
          const fields = named.map(([concept, name]) => say(FIELDS[concept], { name })).join(', ');
          return {
            what: say('noState', { evidence: stateEvidence(rejection) }),
            sameWhat: say('noStateOnAny'),
            fix: say('addState', { fields, place: placeOf(home), concept: missing }),
            // A state is a state rejection's alone: the other users of a shared error body promise none.
            ownSchema: own,
            edits: stateEdits(doc, target, home, named, own),
          };
        }),
      );
    });
  },
});
