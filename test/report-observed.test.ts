/** `report --probe`: a cell the probe saw broken carries the probe finding's template id and data beside its sentence. */
import { observe, probeRunOf } from '../cli/report/evidence';
import type { Row } from '../cli/report/scorecard';

const finding = {
  rule: 'ax-recoverable-suggestion',
  severity: 'warn',
  operation: 'POST /orders',
  messageId: 'liveNoHint',
  data: { lacks: { messageId: 'noHint', data: { concept: 'recoveryHint' } }, name: 'recoveryHint', place: '' },
  message:
    'POST /orders 400: the error body has no recovery hint, so an agent cannot tell how to fix the request. Send `recoveryHint`: one sentence on what to change before retrying.',
};
const row = () =>
  ({ operation: { method: 'post', path: '/orders', location: ['paths', '/orders', 'post'] }, cells: { suggestion: { status: 'pass' } } }) as unknown as Row;
const probeFile = (findings: object[]) => ({ tool: 'spectral-agent-ux probe', operations: [{ operation: 'POST /orders', firstTry: 201 }], findings });

test('an observed cell carries the probe finding as data', () => {
  const rows = [row()];
  observe(probeRunOf(probeFile([finding]), 'probe.json'), rows, () => 'ax-recoverable-suggestion');
  expect(rows[0].cells.suggestion).toEqual({
    status: 'fail',
    observed: true,
    diagnostics: [
      {
        message: `observed by the probe: ${finding.message}`,
        messageId: finding.messageId,
        data: finding.data,
        path: ['paths', '/orders', 'post'],
        severity: 'warn',
      },
    ],
  });
});

test('a probe file from before findings were data: the sentence alone', () => {
  const { messageId: _id, data: _data, ...old } = finding;
  const rows = [row()];
  observe(probeRunOf(probeFile([old]), 'probe.json'), rows, () => 'ax-recoverable-suggestion');
  expect(rows[0].cells.suggestion.diagnostics).toEqual([
    { message: `observed by the probe: ${finding.message}`, path: ['paths', '/orders', 'post'], severity: 'warn' },
  ]);
});
