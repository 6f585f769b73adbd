/** The command line of `spectral-agent-ux report`, as a table of argv and the options it means. */
import { UsageError } from '../cli/args';
import { parseReportArgs } from '../cli/report/args';
import { liveProbe } from '../cli/probe/command';

const report = (options: object) => ({ format: 'markdown', ruleset: undefined, output: undefined, minScore: undefined, allowRemoteRefs: false, ...options });

test.each([
  [['api.yaml'], report({ file: 'api.yaml' })],
  [['api.yaml', '--format', 'json'], report({ file: 'api.yaml', format: 'json' })],
  [['--format=html', 'api.yaml'], report({ file: 'api.yaml', format: 'html' })],
  [['api.yaml', '-f', 'json', '-r', 'rules.yaml', '-o', 'out.json'], report({ file: 'api.yaml', format: 'json', ruleset: 'rules.yaml', output: 'out.json' })],
  [['api.yaml', '--min-score', '80'], report({ file: 'api.yaml', minScore: 80 })],
  [['api.yaml', '--min-score=72.5'], report({ file: 'api.yaml', minScore: 72.5 })],
  [['api.yaml', '--allow-remote-refs'], report({ file: 'api.yaml', allowRemoteRefs: true })],
  [
    ['api.yaml', '-u', 'http://127.0.0.1:3000/v1', '-H', 'X-Key: k', '-i', 'input.yaml', '--max-requests', '50', '--allow-remote-refs'],
    report({
      file: 'api.yaml',
      allowRemoteRefs: true,
      play: {
        file: 'api.yaml',
        baseUrl: 'http://127.0.0.1:3000/v1',
        operations: [],
        ruleset: undefined,
        maxRequests: 50,
        timeoutMs: 5000,
        headers: { 'X-Key': 'k' },
        followMutations: false,
        allowRemote: false,
        allowRemoteRefs: true,
        params: {},
        input: 'input.yaml',
      },
    }),
  ],
])('%j', (argv, expected) => {
  expect(parseReportArgs(argv, liveProbe)).toEqual(expected);
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
  [['api.yaml', '--min-coverage', '90', '-u', 'http://127.0.0.1:3000'], 'unknown option --min-coverage'],
  [
    ['api.yaml', '--probe', 'p.json', '-u', 'http://127.0.0.1:3000'],
    'give --probe (a probe run read from its file) or --base-url (the probe run now), not both',
  ],
  [['api.yaml', '-i', 'input.yaml'], '--input is for the probe that --base-url runs; give --base-url too'],
  [['api.yaml', '-u', 'http://127.0.0.1:3000', '--max-requests', '0'], '--max-requests must be a positive integer, not "0"'],
])('%j is a usage error', (argv, message) => {
  expect(() => parseReportArgs(argv, liveProbe)).toThrow(new UsageError(message));
});
