/**
 * Stack traces in text: what ax-recoverable-no-stack-traces finds in error examples and the runtime
 * guard in live error bodies. One pattern per runtime, each anchored on something prose never contains
 * (a file:line:col, a frame, a header line). The runtime guard runs them on text a client may shape, so
 * no pattern scans far from each place it starts: a .NET frame's parameter list (300 characters, no
 * parentheses) and file path (260, Windows' longest) are bounded, and a Java frame's indent is spaces and
 * tabs, never more lines (each start would otherwise read to the end of the text: quadratic).
 */
const TRACES: [string, RegExp][] = [
  ['JavaScript', /\bat (?:async )?(?:[\w$.<>[\]]+ )?\(?(?:[^\s():]+\.(?:[cm]?[jt]sx?|coffee)|node:[\w/]+|<anonymous>):\d+:\d+\)?/],
  ['Python', /Traceback \(most recent call last\)|\bFile "[^"\n]+", line \d+, in /],
  [
    'Java',
    /Exception in thread "|(?:^|\n)[ \t]*at (?:com|org|java|javax|jdk|sun|io|net)\.[\w$.]+\(|\bat [a-z][\w$]*(?:\.[\w$<>]+)+\([\w$.]*(?:\.(?:java|kt|scala):\d+|Native Method|Unknown Source)\)/,
  ],
  ['.NET', /\bat [\w.`<>+]+\([^()\n]{0,300}\) in [^\n]{1,260}:line \d+|(?:^|\n) {3}at [\w`<>+]+(?:\.[\w`<>+]+)+\(/],
  ['Go', /goroutine \d+ \[[a-z ]+\]:/],
  ['Ruby', /\.rb:\d+:in [`']/],
  ['PHP', /#\d+ \S+\.php\(\d+\): /],
];

/**
 * What every pattern of TRACES holds literally (each alternative of it one of these): a text holding none of them
 * holds no stack trace, and the runtime guard runs no pattern over it.
 */
const ANCHORS = ['at ', 'Traceback (', 'File "', 'Exception in thread "', 'goroutine ', '.rb:', '.php('];

/** False when `text` surely holds no stack trace: found at the cost of a few substring searches. */
export function mayHoldStackTrace(text: string): boolean {
  // A loop, not `some` with a callback: the runtime guard asks this of each error body it checks.
  for (const anchor of ANCHORS) if (text.includes(anchor)) return true;
  return false;
}

/** The runtime whose stack trace the text contains ("JavaScript", "Python", …), or undefined. */
export function stackTraceRuntime(text: string): string | undefined {
  return TRACES.find(([, pattern]) => pattern.test(text))?.[0];
}

/** Whether the text contains a stack trace of any runtime. */
export const hasStackTrace = (text: string): boolean => stackTraceRuntime(text) !== undefined;
