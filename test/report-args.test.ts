/** The command line of `spectral-agent-ux report`, as a table of argv and the command it means. */
import { parseArgs, UsageError } from '../report/args';

const report = (options: object) => ({ kind: 'report', options: { format: 'markdown', ruleset: undefined, output: undefined, minScore: undefined, ...options } });

test.each([
  [['report', 'api.yaml'], report({ file: 'api.yaml' })],
  [['report', 'api.yaml', '--format', 'json'], report({ file: 'api.yaml', format: 'json' })],
  [['report', '--format=html', 'api.yaml'], report({ file: 'api.yaml', format: 'html' })],
  [['report', 'api.yaml', '-f', 'json', '-r', 'rules.yaml', '-o', 'out.json'], report({ file: 'api.yaml', format: 'json', ruleset: 'rules.yaml', output: 'out.json' })],
  [['report', 'api.yaml', '--min-score', '80'], report({ file: 'api.yaml', minScore: 80 })],
  [['report', 'api.yaml', '--min-score=72.5'], report({ file: 'api.yaml', minScore: 72.5 })],
  [['--help'], { kind: 'help' }],
  [['report', '-h'], { kind: 'help' }],
  [['--version'], { kind: 'version' }],
])('%j', (argv, expected) => {
  expect(parseArgs(argv)).toEqual(expected);
});

test.each([
  [[], 'missing command: report'],
  [['lint', 'api.yaml'], 'unknown command "lint" (the command is: report)'],
  [['report'], 'missing the OpenAPI file to report on'],
  [['report', 'a.yaml', 'b.yaml'], 'one file at a time; unexpected "b.yaml"'],
  [['report', 'api.yaml', '--format', 'pdf'], '--format must be one of markdown, json, html, not "pdf"'],
  [['report', 'api.yaml', '--min-score', 'high'], '--min-score must be a number from 0 to 100, not "high"'],
  [['report', 'api.yaml', '--min-score', '101'], '--min-score must be a number from 0 to 100, not "101"'],
  [['report', 'api.yaml', '--ruleset'], '--ruleset needs a value'],
  [['report', 'api.yaml', '--verbose'], 'unknown option --verbose'],
])('%j is a usage error', (argv, message) => {
  expect(() => parseArgs(argv)).toThrow(new UsageError(message));
});
