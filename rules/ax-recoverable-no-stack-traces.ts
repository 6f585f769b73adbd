/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import { errorBodies, isErrorStatus } from '../lib/document/document';
import { errorSchemas } from '../lib/errors/error-bodies';
import { schemaAnswers } from '../lib/errors/schema-shapes';
import { insideOf } from '../lib/errors/error-wording';
import { errorFieldValues, fieldName, isExampleValue } from '../lib/errors/error-values';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/semantics/names';
import { type Finding, responseFinding } from '../lib/findings/rule-function';
import { identityOf, sayOf, withLive, type Phrase } from '../lib/findings/messages';
import { MAX_TEXT, where, type Live } from '../lib/envelope/live';
import { hasStackTrace, stackTraceRuntime } from '../lib/errors/stack-traces';
import { stringsIn } from '../lib/document/values';
import { defineRule, ruleOptions } from './declaration';

type Options = NameOptions<'stackTrace' | 'errorList' | 'message'>;

const MESSAGES = {
  declaresTrace:
    '{{schema}} declares `{{name}}`{{inside}}, a stack trace an agent cannot use. Remove it: log it server-side and return a `trace_id` the agent can quote.',
  theErrorSchema: 'the error schema',
  exampleTrace:
    'the {{mediaType}} error example contains a {{runtime}} stack trace. Remove it: log it server-side and return a `trace_id` the agent can quote instead.',
  // The same defect, whichever media type shows it.
  exampleTraceOnAny: 'the error example contains a {{runtime}} stack trace. Remove it: log it server-side and return a `trace_id` the agent can quote instead.',
  fieldTrace: '{{field}} contains a {{runtime}} stack trace. Remove it: log it server-side and return a `trace_id` the agent can quote instead.',
} as const;

/** What the live check says, on a body the server sent: a table apart, so that the guard's bundle carries none of the lint's words. */
const LIVE_MESSAGES = {
  liveTraceMember: 'the error body carries `{{path}}`, a stack trace: internal code paths, useless to an agent. {{fix}}',
  liveTraceText: 'the error body contains a {{runtime}} stack trace{{at}}. {{fix}}',
  liveTraceIn: ' in `{{at}}`',
  liveTraceFix: 'Log it server-side and send a stable code, a message and a `trace_id` instead.',
} as const;

const ID = 'ax-recoverable-no-stack-traces';
const sayLive = /* @__PURE__ */ sayOf(LIVE_MESSAGES);

/** Live, on every error status: no error body carries a stack trace, as a member or inside any text. */
export const live = {
  rule: ID,
  at: status => status >= 400,
  check: exchange => {
    const member = exchange.error('stackTrace');
    // The fix is worded with a violation alone: most error bodies have none.
    if (member !== undefined && member.value !== null && member.value !== '' && !(Array.isArray(member.value) && member.value.length === 0))
      return [sayLive('liveTraceMember', { path: member.path, fix: sayLive('liveTraceFix') })];
    if (!exchange.mayTrace()) return [];
    const [text] = stringsIn(
      { value: exchange.body, location: [] },
      withinText(hasStackTrace, what => exchange.limit(what)),
    );
    if (text === undefined) return [];
    const at = text.location === undefined || text.location.length === 0 ? '' : sayLive('liveTraceIn', { at: where(text.location) });
    // Named from the part searched, which holds the trace: the rest of a long text is not read again.
    return [sayLive('liveTraceText', { runtime: stackTraceRuntime(text.value.slice(0, MAX_TEXT))!, at, fix: sayLive('liveTraceFix') })];
  },
} satisfies Live;

/**
 * The search, over the first MAX_TEXT characters of the response's text: each pattern reads a bounded
 * distance from each place it starts, and this bounds the places.
 */
function withinText(search: (text: string) => boolean, limit: (what: string) => void): (text: string) => boolean {
  let budget = MAX_TEXT;
  return text => {
    if (text.length > budget) limit(`the first ${MAX_TEXT / 1024} KiB of text searched for stack traces`);
    const read = text.slice(0, budget);
    budget -= read.length;
    return read !== '' && search(read);
  };
}

/** ax-recoverable-no-stack-traces: error schemas declare no stack-trace field and error examples contain no stack trace. */
export default /* @__PURE__ */ defineRule({
  id: ID,
  description: 'No error schema declares a stack-trace field and no error example contains a stack trace.',
  severity: 'error',
  recommended: true,
  principle: {
    label: 'no stack traces',
    scope: 'operations with an error response that has a body',
    fixSite: 'error schema',
    fix: 'remove the stack-trace property or example',
  },
  scope: { responses: isErrorStatus, holds: 'body' },
  live,
  options: /* @__PURE__ */ ruleOptions<Options>(/* @__PURE__ */ nameOptionsSchema('stackTrace', 'errorList', 'message')),
  messages: /* @__PURE__ */ withLive(MESSAGES, LIVE_MESSAGES),
  lint: ({ doc, options, operations, say }) => {
    const findings: Finding[] = [];
    for (const target of errorSchemas(doc, operations, isErrorStatus)) {
      const declared = new Map(
        target.views.flatMap(view => schemaAnswers(doc, view, 'stackTrace', options)).map(found => [`${found.carrier.where}${found.name}`, found]),
      );
      for (const { name, carrier, node } of declared.values()) {
        const text = (schema: Phrase) => say('declaresTrace', { schema, name, inside: insideOf(carrier) });
        findings.push(
          responseFinding(target.operation, target.response, text(target.name), [node.property?.location, target.site], {
            same: identityOf(text(say('theErrorSchema'))),
          }),
        );
      }
    }
    for (const { operation, response, body } of errorBodies(doc, operations)) {
      for (const text of body.examples.flatMap(example => stringsIn(example, hasStackTrace))) {
        const runtime = stackTraceRuntime(text.value)!;
        findings.push(
          responseFinding(operation, response, say('exampleTrace', { mediaType: body.mediaType, runtime }), [text.location], {
            same: identityOf(say('exampleTraceOnAny', { runtime })),
          }),
        );
      }
    }
    // A message property's own `example` leaks a trace as surely as a response example does.
    for (const value of errorFieldValues(doc, operations, namesFor(options, 'message'), options)) {
      if (value.source !== 'schema' || !isExampleValue(value) || typeof value.value !== 'string') continue;
      const runtime = stackTraceRuntime(value.value);
      if (runtime === undefined) continue;
      const what = (holder: string) => say('fieldTrace', { field: fieldName(value, holder), runtime });
      findings.push(
        responseFinding(value.operation, value.response, what(value.holder), [value.location, value.within], { same: identityOf(what(value.kind)) }),
      );
    }
    return findings;
  },
});
