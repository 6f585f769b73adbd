import { errorBodies, isErrorStatus } from '../lib/document/document';
import { errorSchemas } from '../lib/errors/error-bodies';
import { schemaAnswers } from '../lib/errors/error-shapes';
import { insideOf } from '../lib/errors/error-wording';
import { errorFieldValues, fieldName, isExampleValue } from '../lib/errors/error-values';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/rules/names';
import { ruleFunction, type Finding, responseFinding } from '../lib/rules/rule-function';
import { hasStackTrace, stackTraceRuntime } from '../lib/errors/stack-traces';
import { stringsIn } from '../lib/document/values';

type Options = NameOptions<'stackTrace' | 'errorList' | 'message'>;

const FIX = 'Remove it: log it server-side and return a `trace_id` the agent can quote';

/** ax-recoverable-no-stack-traces: error schemas declare no stack-trace field and error examples contain no stack trace. */
export default ruleFunction<Options>('recoverableNoStackTraces', nameOptionsSchema('stackTrace', 'errorList', 'message'), ({ doc, options, operations }) => {
  const findings: Finding[] = [];
  for (const target of errorSchemas(doc, operations, isErrorStatus)) {
    const declared = new Map(
      target.views.flatMap(view => schemaAnswers(doc, view, 'stackTrace', options)).map(found => [`${found.carrier.where}${found.name}`, found]),
    );
    for (const { name, carrier, node } of declared.values()) {
      const text = (schema: string) => `${schema} declares \`${name}\`${insideOf(carrier)}, a stack trace an agent cannot use. ${FIX}.`;
      findings.push(
        responseFinding(target.operation, target.response, text(target.name), [node.property?.location, target.site], { same: text('the error schema') }),
      );
    }
  }
  for (const { operation, response, body } of errorBodies(doc, operations)) {
    for (const text of body.examples.flatMap(example => stringsIn(example, hasStackTrace))) {
      const runtime = stackTraceRuntime(text.value)!;
      const what = (mediaType: string) => `the ${mediaType}error example contains a ${runtime} stack trace. ${FIX} instead.`;
      findings.push(responseFinding(operation, response, what(`${body.mediaType} `), [text.location], { same: what('') }));
    }
  }
  // A message property's own `example` leaks a trace as surely as a response example does.
  for (const value of errorFieldValues(doc, operations, namesFor(options, 'message'), options)) {
    if (value.source !== 'schema' || !isExampleValue(value) || typeof value.value !== 'string') continue;
    const runtime = stackTraceRuntime(value.value);
    if (runtime === undefined) continue;
    const what = (holder: string) => `${fieldName(value, holder)} contains a ${runtime} stack trace. ${FIX} instead.`;
    findings.push(responseFinding(value.operation, value.response, what(value.holder), [value.location, value.within], { same: what(value.kind) }));
  }
  return findings;
});
