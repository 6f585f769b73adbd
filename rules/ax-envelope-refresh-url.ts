/** The agent-UX envelope (AGLedger's "The Agent-UX Envelope" and "Validating Authoring Before Deploy"). */
import envelopeRefreshUrl from '../functions/envelopeRefreshUrl';
import { RESPONSES } from '../lib/rules/scope';
import { declareRule } from './declaration';

export default declareRule({
  id: 'ax-envelope-refresh-url',
  description: "Every 422 that refuses a valid request because of the resource's state declares a refresh url, where to re-read that state.",
  severity: 'warn',
  recommended: true,
  function: envelopeRefreshUrl,
  principle: {
    id: 'refresh-url',
    label: 'refresh url',
    scope: 'operations with a 422 that reports a state rejection (a state field, or "state"/"transition" in its description)',
    applies: { responses: RESPONSES['ax-envelope-refresh-url'], holds: 'state rejection' },
    fixSite: 'error schema',
    fix: 'add a `refreshUrl`',
  },
});
