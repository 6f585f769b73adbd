/** The command line of `spectral-agent-ux report`, as a table of argv and the options it means. */
import { UsageError } from '../cli/args';
import { parseReportArgs } from '../cli/report/args';

const report = (options: object) => ({ format: 'markdown', ruleset: undefined, output: undefined, minScore: undefined, allowRemoteRefs: false, ...options });

test.each([
  [['api.yaml'], report({ file: 'api.yaml' })],
  [['api.yaml', '--format', 'json'], report({ file: 'api.yaml', format: 'json' })],
  [['--format=html', 'api.yaml'], report({ file: 'api.yaml', format: 'html' })],
  [['api.yaml', '-f', 'json', '-r', 'rules.yaml', '-o', 'out.json'], report({ file: 'api.yaml', format: 'json', ruleset: 'rules.yaml', output: 'out.json' })],
  [['api.yaml', '--min-score', '80'], report({ file: 'api.yaml', minScore: 80 })],
  [['api.yaml', '--min-score=72.5'], report({ file: 'api.yaml', minScore: 72.5 })],
  [['api.yaml', '--allow-remote-refs'], report({ file: 'api.yaml', allowRemoteRefs: true })],
])('%j', (argv, expected) => {
  expect(parseReportArgs(argv)).toEqual(expected);
});

test.each([
  [[], 'missing the OpenAPI file to report on'],
  [['a.yaml', 'b.yaml'], 'one file at a time; unexpected "b.yaml"'],
  [['api.yaml', '--format', 'pdf'], '--format must be one of markdown, json, html, not "pdf"'],
  [['api.yaml', '--min-score', 'high'], '--min-score must be a number from 0 to 100, not "high"'],
  [['api.yaml', '--min-score', '101'], '--min-score must be a number from 0 to 100, not "101"'],
  [['api.yaml', '--ruleset'], '--ruleset needs a value'],
  [['api.yaml', '--verbose'], 'unknown option --verbose'],
  [['api.yaml', '--prune'], 'unknown option --prune'],
])('%j is a usage error', (argv, message) => {
  expect(() => parseReportArgs(argv)).toThrow(new UsageError(message));
});
