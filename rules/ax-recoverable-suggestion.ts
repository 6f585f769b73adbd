/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import { constraintsOf, type BoundKeyword } from '../lib/document/constraints';
import { isClientErrorStatus, type OpenApiDocument, type Operation } from '../lib/document/document';
import { describeViews, errorSchemas, judgeOnce, responseExtension } from '../lib/errors/error-bodies';
import { inputsOf } from '../lib/document/inputs';
import { homeCarrier, schemaAnswer, schemaLikely } from '../lib/errors/schema-shapes';
import { errorAudience, propertyEdits } from '../lib/findings/edits';
import { askAbout, newMemberName, placeOf } from '../lib/errors/error-wording';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/semantics/names';
import { viewsOf, type Property } from '../lib/document/schema';
import { authenticates } from '../lib/semantics/scope';
import { sayOf, withLive, type Said, type Say as SayOf } from '../lib/findings/messages';
import { hintAdvice, type Live } from '../lib/envelope/live';
import type { Scope } from './applicability';
import { defineRule, ruleOptions } from './declaration';

type Options = NameOptions<'recoveryHint' | 'errorList'>;

const MESSAGES = {
  addHint: 'Add `{{name}}`{{place}}, e.g. "{{example}}".',
  askThenAddHint: '{{ask}} add `{{name}}`{{place}}, e.g. "{{example}}".',
  // The fixes without the example, which names the first use's inputs and stands for the schema's other uses.
  addHintOnAny: 'Add `{{name}}`{{place}}.',
  askThenAddHintOnAny: '{{ask}} add `{{name}}`{{place}}.',
  recoveryHintConcept: 'recovery hint',
  // The example hints, fitted to the status and the operation's inputs and security.
  forbiddenHint: 'Ask for the scope this call needs',
  notFoundHint: 'List the collection to find a valid id, then retry',
  conflictHint: 'Re-read the resource, then resend',
  rateLimitedHint: 'Wait Retry-After seconds, then resend unchanged',
  checkRequestHint: "Check the request against this operation's parameters, then retry",
  correctInputHint: 'Correct `{{name}}`, then retry',
  oneOfHint: 'Set `{{name}}` to one of {{values}}',
  integerAtLeastHint: 'Set `{{name}}` to an integer of at least {{minimum}}',
  numberAtLeastHint: 'Set `{{name}}` to a number of at least {{minimum}}',
  shortenHint: 'Shorten `{{name}}` to at most {{maxLength}} characters',
  validAsHint: 'Send `{{name}}` as a valid {{kind}}',
  clientCredentialsHint: 'Send valid client credentials, then retry',
  credentialsHint: 'Send valid credentials, then retry',
  apiKeyHint: 'Send a valid API key in the `{{name}}` {{place}}',
  apiKeyInQuery: 'query parameter',
  apiKeyInCookie: 'cookie',
  apiKeyInHeader: 'header',
  basicHint: 'Send valid Basic credentials',
  bearerHint: 'Send a valid Bearer token',
  oauthHint: 'Send a valid OAuth 2.0 access token',
} as const;

/**
 * What the live check says, on a body the server sent: a table apart, so that the guard's bundle carries none of the
 * lint's words. The defect is the lint's own phrase (`noHint`, said by both), the fix what to send.
 */
const LIVE_MESSAGES = {
  noHint: 'has no recovery hint',
  liveNoHint:
    'the error body {{lacks}}, so an agent cannot tell how to fix the request. Send `{{name}}`{{place}}: one sentence on what to change before retrying.',
} as const;
type Say = SayOf<typeof MESSAGES>;

/** Statuses whose recovery does not depend on the request's fields. */
const STATUS_HINTS: Record<string, 'forbiddenHint' | 'notFoundHint' | 'conflictHint' | 'rateLimitedHint'> = {
  '403': 'forbiddenHint',
  '404': 'notFoundHint',
  '409': 'conflictHint',
  '429': 'rateLimitedHint',
};

/**
 * What a 401's hint should tell the agent to send, from the operation's own security: client credentials
 * on a token endpoint, the API key's real name and place, a bearer or Basic credential, an OAuth access
 * token; "valid credentials" where the description declares none.
 */
function credentialsHint(doc: OpenApiDocument, say: Say, operation: Operation): Said {
  if (authenticates(doc, operation)) return say('clientCredentialsHint');
  const [scheme] = doc.operationSchemes(operation);
  if (scheme === undefined) return say('credentialsHint');
  if (scheme.type === 'apiKey' && typeof scheme.name === 'string')
    return say('apiKeyHint', {
      name: scheme.name,
      place: say(scheme.in === 'query' ? 'apiKeyInQuery' : scheme.in === 'cookie' ? 'apiKeyInCookie' : 'apiKeyInHeader'),
    });
  const basic = scheme.type === 'basic' || (scheme.type === 'http' && typeof scheme.scheme === 'string' && scheme.scheme.toLowerCase() === 'basic');
  if (basic) return say('basicHint');
  return say(scheme.type === 'http' ? 'bearerHint' : 'oauthHint');
}

/**
 * The operation's first input (a required body property, else any body property, else a required
 * parameter, else any), so that the example hint names a field this operation really takes.
 */
function firstInput(doc: OpenApiDocument, operation: Operation): Property | undefined {
  const inputs = inputsOf(doc, operation);
  const views = inputs.bodies.flatMap(body => viewsOf(doc, body.value, body.location) ?? []);
  const properties = views.flatMap(view => [...view.properties.values()].map(property => ({ ...property, required: view.required.has(property.name) })));
  const parameters = inputs.parameters
    .filter(parameter => parameter.in !== 'header' && parameter.implicit === undefined)
    .map(({ name, schema, required }) => ({ name, schema: schema.value, location: schema.location, required }));
  const all = [...properties, ...parameters];
  return all.find(input => input.required && isConstrained(doc, input)) ?? all.find(input => input.required) ?? all[0];
}

/** What the input's schema says a valid value is, through `$ref` and `allOf`; undefined for several shapes or an unreadable schema. */
const constraintsOfInput = (doc: OpenApiDocument, input: Property) => constraintsOf(doc, [{ value: input.schema, location: input.location }]);

/** An input whose schema says what a valid value is (enum, minimum, maxLength, format): the most useful example. */
function isConstrained(doc: OpenApiDocument, input: Property): boolean {
  const constraints = constraintsOfInput(doc, input);
  return (
    constraints !== undefined &&
    (constraints.values !== undefined || ['minimum', 'maxLength', 'format'].some(keyword => constraints.bounds[keyword as BoundKeyword] !== undefined))
  );
}

/** A few enum values, short enough for a message: "USD, EUR, GBP" or "first_time_contributors, …". */
function someOf(values: string[]): string {
  const three = values.slice(0, 3).join(', ');
  return three.length <= 40 && values.length <= 3 ? three : `${values[0]}, …`;
}

/** "Set `quantity` to an integer of at least 1": what the input's schema says a valid value is. */
function inputHint(doc: OpenApiDocument, say: Say, input: Property): Said {
  const constraints = constraintsOfInput(doc, input);
  const { name } = input;
  if (constraints === undefined) return say('correctInputHint', { name });
  const { values, bounds, types } = constraints;
  const type = types?.length === 1 ? types[0] : undefined;
  if (values !== undefined && values.length > 0) return say('oneOfHint', { name, values: someOf(values.map(String)) });
  if (typeof bounds.minimum === 'number') return say(type === 'integer' ? 'integerAtLeastHint' : 'numberAtLeastHint', { name, minimum: bounds.minimum });
  if (typeof bounds.maxLength === 'number') return say('shortenHint', { name, maxLength: bounds.maxLength });
  if (typeof bounds.format === 'string') return say('validAsHint', { name, kind: bounds.format });
  return type !== undefined ? say('validAsHint', { name, kind: type }) : say('correctInputHint', { name });
}

/** The responses the rule reads, the client errors: the runtime guard reads them too (runtime/checks.ts), importing this alone, not the lint. */
export const scope = { responses: isClientErrorStatus, holds: 'error schema' } satisfies Scope;

const ID = 'ax-recoverable-suggestion';
const sayLive = /* @__PURE__ */ sayOf(LIVE_MESSAGES);

/** Live, on every client error (the rule's `scope`): the error body says how to fix the request. */
export const live = {
  rule: ID,
  at: status => scope.responses(String(status)),
  check: exchange => {
    const { response, body, names } = exchange;
    // The AX convention lets the description carry the hint as a response extension.
    if (exchange.answers('recoveryHint') || (response !== undefined && responseExtension(response, 'x-ax-error-suggestion') !== undefined)) return [];
    return [sayLive('liveNoHint', { lacks: sayLive('noHint', { concept: 'recoveryHint' }), ...hintAdvice(body, names) })];
  },
} satisfies Live;

/** ax-recoverable-suggestion: every 4xx error body tells the caller how to fix the request (R2). */
export default /* @__PURE__ */ defineRule({
  id: ID,
  description: 'Every 4xx error schema declares a recovery hint that says how to fix the request.',
  severity: 'warn',
  recommended: true,
  principle: {
    label: 'recovery hint',
    scope: 'operations with a 4xx (or default) error response that has a JSON schema',
    fixSite: 'error schema',
    fix: 'add a recovery hint (`recoveryHint`)',
  },
  scope,
  live,
  options: /* @__PURE__ */ ruleOptions<Options>(/* @__PURE__ */ nameOptionsSchema('recoveryHint', 'errorList')),
  messages: /* @__PURE__ */ withLive(MESSAGES, LIVE_MESSAGES),
  lint: ({ doc, options, operations, say, statuses }) => {
    const names = namesFor(options, 'recoveryHint');
    const exampleFor = (operation: Operation, status: string) => {
      if (status === '401') return credentialsHint(doc, say, operation);
      if (STATUS_HINTS[status] !== undefined) return say(STATUS_HINTS[status]);
      const input = firstInput(doc, operation);
      return input === undefined ? say('checkRequestHint') : inputHint(doc, say, input);
    };
    const once = judgeOnce();
    return errorSchemas(doc, operations, statuses)
      .filter(target => responseExtension(target.response, 'x-ax-error-suggestion') === undefined)
      .flatMap(target =>
        // Judged once per view: the example names the first use's inputs and stands for the schema's other uses (`sameFix` leaves it out).
        describeViews(doc, target, view =>
          once(target, view, [], () => {
            if (schemaAnswer(doc, view, 'recoveryHint', options) !== undefined) return undefined;
            const home = homeCarrier(doc, view, options);
            const views = home.nodes.flatMap(node => node.views);
            const hint = newMemberName(doc, views, names);
            const words = { name: hint, place: placeOf(home) };
            const example = exampleFor(target.operation, target.response.status);
            const likely = schemaLikely(doc, view, 'recoveryHint', options);
            if (likely !== undefined) {
              const ask = askAbout(likely, say('recoveryHintConcept'));
              return {
                what: ask.what,
                fix: say('askThenAddHint', { ask: ask.fix, ...words, example, concept: 'recoveryHint' }),
                sameFix: say('askThenAddHintOnAny', { ask: ask.fix, ...words }),
              };
            }
            // The edit declares the member; the sentence it holds is the server's to write, so none is written into the description.
            return {
              what: say('noHint', { concept: 'recoveryHint' }),
              fix: say('addHint', { ...words, example }),
              sameFix: say('addHintOnAny', words),
              edits: () => propertyEdits(doc, views, hint, { type: 'string' }, false, errorAudience(doc, target)),
            };
          }),
        ),
      );
  },
});
