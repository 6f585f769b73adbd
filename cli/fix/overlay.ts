/** The edits written out as an OpenAPI Overlay 1.0.0 document: one action per object changed. */
import { stringify } from 'yaml';
import { version } from '../../package.json';
import { jsonPathOf } from '../../lib/findings/edits';
import type { FixPlan } from '../fixes';

/** The Overlay: one action per object changed, its description naming the rules and the findings it clears. */
export function renderOverlay(plan: FixPlan, described: string, json: boolean): string {
  const actions = plan.edits.map(edit => ({
    target: jsonPathOf(edit.target),
    description: `Clears ${[...edit.rules].map(([rule, count]) => `${count} ${rule}`).join(', ')}.`,
    update: edit.update,
  }));
  const overlay = { overlay: '1.0.0', info: { title: `spectral-agent-ux fixes for ${described}`, version }, actions };
  return json ? `${JSON.stringify(overlay, null, 2)}\n` : stringify(overlay, { lineWidth: 0 });
}
