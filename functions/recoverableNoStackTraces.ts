import { errorBodies, isErrorStatus } from '../lib/document';
import { errorSchemas } from '../lib/error-bodies';
import { insideOf, schemaAnswers } from '../lib/error-shapes';
import { nameOptionsSchema, type NameOptions } from '../lib/names';
import { label, placeIn, ruleFunction, type Finding } from '../lib/rule-function';
import { stringsIn } from '../lib/values';

type Options = NameOptions<'stackTrace' | 'errorList'>;

/** One pattern per runtime, each anchored on something prose never contains (a file:line:col, a frame, a header line). */
const TRACES: [string, RegExp][] = [
  ['JavaScript', /\bat (?:async )?(?:[\w$.<>[\]]+ )?\(?(?:[^\s():]+\.(?:[cm]?[jt]sx?|coffee)|node:[\w/]+|<anonymous>):\d+:\d+\)?/],
  ['Python', /Traceback \(most recent call last\)|\bFile "[^"\n]+", line \d+, in /],
  ['Java', /Exception in thread "|(?:^|\n)\s*at (?:com|org|java|javax|jdk|sun|io|net)\.[\w$.]+\(|\bat [a-z][\w$]*(?:\.[\w$<>]+)+\([\w$.]*(?:\.(?:java|kt|scala):\d+|Native Method|Unknown Source)\)/],
  ['.NET', /\bat [\w.`<>+]+\([^)\n]*\) in [^\n]+:line \d+|(?:^|\n) {3}at [\w`<>+]+(?:\.[\w`<>+]+)+\(/],
  ['Go', /goroutine \d+ \[[a-z ]+\]:/],
  ['Ruby', /\.rb:\d+:in [`']/],
  ['PHP', /#\d+ \S+\.php\(\d+\): /],
];

const FIX = 'Remove it: log it server-side and return a `trace_id` the agent can quote';

function runtimeOf(text: string): string | undefined {
  return TRACES.find(([, pattern]) => pattern.test(text))?.[0];
}

/** ax-recoverable-no-stack-traces: error schemas declare no stack-trace field and error examples contain no stack trace. */
export default ruleFunction<Options>('recoverableNoStackTraces', nameOptionsSchema('stackTrace', 'errorList'), ({ doc, options, operations }) => {
  const findings: Finding[] = [];
  for (const target of errorSchemas(doc, operations, isErrorStatus)) {
    const declared = new Map(target.views.flatMap(view => schemaAnswers(doc, view, 'stackTrace', options)).map(found => [`${found.carrier.where}${found.name}`, found]));
    for (const { name, carrier, node } of declared.values()) {
      findings.push({
        message: `${label(target.operation, target.response)}: ${target.name} declares \`${name}\`${insideOf(carrier)}, a stack trace an agent cannot use. ${FIX}.`,
        path: placeIn(target.response, node.property?.location, target.schema.location),
      });
    }
  }
  for (const { operation, response, body } of errorBodies(doc, operations)) {
    for (const text of body.examples.flatMap(stringsIn)) {
      const runtime = runtimeOf(text.value);
      if (runtime === undefined) continue;
      findings.push({
        message: `${label(operation, response)}: the ${body.mediaType} error example contains a ${runtime} stack trace. ${FIX} instead.`,
        path: placeIn(response, text.location),
      });
    }
  }
  return findings;
});
