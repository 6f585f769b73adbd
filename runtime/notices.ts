/**
 * The guard's own notices, declared as a rule declares its messages: a route the description does not declare
 * (rule `undeclared`), and a response the guard could not check, or checked only in part (`agent-ux-guard`). Said
 * with the same `sayOf`, so that every violation the guard emits is a template's id and data.
 */
import { sayOf } from '../lib/findings/messages';

export const NOTICES = {
  undeclaredRoute:
    'the description declares no `{{lowerMethod}}` operation at {{lookedFor}}, so an agent reading it cannot know this call. Declare it under `paths`, or set `basePath` to where the app is mounted.',
  unchecked: 'spectral-agent-ux could not finish: {{why}}; this response was not checked.',
  partlyChecked: "spectral-agent-ux checked this response within the guard's limits per response ({{limits}}); the rest was not checked. Said once per route.",
  uncheckable: 'spectral-agent-ux could not check {{what}}: {{why}}',
} as const;

export const sayNotice = sayOf(NOTICES);
