/** The agent-UX envelope (AGLedger's "The Agent-UX Envelope" and "Validating Authoring Before Deploy"). */
import { describeViews, errorSchemas, judgeOnce } from '../lib/errors/error-bodies';
import { stateEvidence, stateRejection } from '../lib/envelope/envelope';
import { homeCarrier, memberNames, schemaAnswer } from '../lib/errors/schema-shapes';
import { fieldDetailsOf } from '../lib/errors/field-details';
import { inStyleOf, placeOf } from '../lib/errors/error-wording';
import { nameOptionsSchema, namesFor, type Concept, type NameOptions } from '../lib/semantics/names';
import type { ObjectView } from '../lib/document/schema';
import { stateEdits, stateSchema } from '../lib/envelope/state-fix';
import { statusIn } from '../lib/semantics/scope';
import { sayOf, withLive } from '../lib/findings/messages';
import { firstName, type Live } from '../lib/envelope/live';
import type { Scope } from './applicability';
import { defineRule, ruleOptions } from './declaration';

const CONCEPTS = [
  'refreshUrl',
  'currentState',
  'allowedActions',
  'fieldDetails',
  'fieldLocator',
  'fieldReason',
  'errorField',
  'errorList',
] as const satisfies Concept[];
type Options = NameOptions<(typeof CONCEPTS)[number]>;

const MESSAGES = {
  // Each operation gives its own evidence of one defect of the schema.
  noRefreshUrlOnAny: 'reports a state rejection but has no `{{name}}`',
  addRefreshUrl: 'Add `{{name}}`{{place}}: the URL to GET the current state from.',
} as const;

/**
 * What the live check says, on a body the server sent: a table apart, so that the guard's bundle carries none of the
 * lint's words. The defect is the lint's own phrase (`noRefreshUrl`, said by both), the fix what to send.
 */
const LIVE_MESSAGES = {
  noRefreshUrl: 'reports a state rejection ({{evidence}}) but has no `{{name}}`',
  liveNoRefreshUrl: 'the error body {{lacks}}. Send `{{name}}`: the URL to GET for the current state before retrying.',
} as const;

const ID = 'ax-envelope-refresh-url';
const sayLive = /* @__PURE__ */ sayOf(LIVE_MESSAGES);

/** The responses the rule reads, the 422s that report a state rejection: its live check reads them too. */
const scope = { responses: /* @__PURE__ */ statusIn('422'), holds: 'state rejection' } satisfies Scope;

/** Live, on a 422: a state rejection says where to re-read the state. */
export const live = {
  rule: ID,
  at: status => scope.responses(String(status)),
  check: exchange => {
    const rejection = exchange.stateRejection();
    if (rejection === undefined || !rejection.missing.includes('refreshUrl')) return [];
    const name = firstName(exchange.names, 'refreshUrl');
    return [sayLive('liveNoRefreshUrl', { lacks: sayLive('noRefreshUrl', { evidence: rejection.signal, name, concept: 'refreshUrl' }), name })];
  },
} satisfies Live;

/**
 * ax-envelope-refresh-url: a 422 that refused a valid request because of the resource's state (AGLedger's
 * envelope) tells the agent where to re-read that state. A request-validation 422 names fields instead.
 */
export default /* @__PURE__ */ defineRule({
  id: ID,
  description: "Every 422 that refuses a valid request because of the resource's state declares a refresh url, where to re-read that state.",
  severity: 'warn',
  recommended: true,
  principle: {
    label: 'refresh url',
    scope: 'operations with a 422 that reports a state rejection (a state field, or "state"/"transition" in its description)',
    fixSite: 'error schema',
    fix: 'add a `refreshUrl`',
  },
  scope,
  live,
  options: /* @__PURE__ */ ruleOptions<Options>(/* @__PURE__ */ nameOptionsSchema(CONCEPTS)),
  messages: /* @__PURE__ */ withLive(MESSAGES, LIVE_MESSAGES),
  lint: ({ doc, options, operations, say, statuses }) => {
    const names = namesFor(options, 'refreshUrl');
    const validates = (view: ObjectView) => fieldDetailsOf(doc, view, options).some(form => form.lacks === undefined);

    const once = judgeOnce();
    const own = stateSchema(doc, operations, options);
    return errorSchemas(doc, operations, statuses).flatMap(target => {
      const rejection = stateRejection(doc, target, options);
      if (rejection === undefined) return [];
      // Without a declared state field, field details make it a validation 422.
      const byField = rejection.member !== undefined;
      return describeViews(doc, target, view =>
        // Per response: its fix points that response at the rejections' own schema.
        once(target, view, [byField, target.response], () => {
          if (schemaAnswer(doc, view, 'refreshUrl', options) !== undefined || (!byField && validates(view))) return undefined;
          const home = homeCarrier(doc, view, options);
          // In the body's own naming style: `refresh_url` beside `documentation_url`.
          const name = inStyleOf(memberNames(home), names);
          return {
            // A refresh url is a state rejection's alone: the other users of a shared error body promise none.
            ownSchema: own,
            edits: stateEdits(doc, target, home, [['refreshUrl', name]], own),
            what: say('noRefreshUrl', { evidence: stateEvidence(rejection), name, concept: 'refreshUrl' }),
            sameWhat: say('noRefreshUrlOnAny', { name }),
            fix: say('addRefreshUrl', { name, place: placeOf(home) }),
          };
        }),
      );
    });
  },
});
