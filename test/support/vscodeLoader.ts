/**
 * Loads a `.spectral.yaml` the way the Spectral VS Code extension (1.1.4) does: the YAML is migrated
 * to a module, then bundled with the ruleset bundler's runtime preset plus its commonjs plugin. Like
 * the extension, npm names in `extends` resolve from the project's node_modules with CommonJS
 * conditions (the migrator's require.resolve); `@stoplight/spectral-*` builtins map to Spectral's own copies; any other bare import
 * goes to a CDN, which here (as for a user offline, or for a package that is not on the CDN) fails;
 * relative imports are read exactly as written.
 */
import * as fs from 'node:fs';
import { dirname, join } from 'node:path';
import { Ruleset } from '@stoplight/spectral-core';
import { bundleRuleset } from '@stoplight/spectral-ruleset-bundler';
import { commonjs } from '@stoplight/spectral-ruleset-bundler/plugins/commonjs';
import { stdin } from '@stoplight/spectral-ruleset-bundler/plugins/stdin';
import { runtime } from '@stoplight/spectral-ruleset-bundler/presets/runtime';
import { migrateRuleset } from '@stoplight/spectral-ruleset-migrator';

const offlineFetch = (async (url: string) => {
  throw new Error(`CDN unreachable: ${url}`);
}) as unknown as typeof fetch;

export async function loadRulesetLikeVsCode(rulesetFile: string): Promise<Ruleset> {
  // The migrator turns each npm name in `extends` into the file require.resolve finds from the ruleset's folder.
  const migrated = await migrateRuleset(rulesetFile, { format: 'esm', fs: fs as never });
  const entry = join(dirname(rulesetFile), '.spectral.js');
  const code = await bundleRuleset(entry, {
    target: 'runtime',
    format: 'commonjs',
    plugins: [stdin(migrated, entry), ...runtime({ fs: fs as never, fetch: offlineFetch }), commonjs()],
  });
  const module = { exports: {} as Record<string, unknown> };
  Function('module', 'exports', code)(module, module.exports);
  const definition = (module.exports.default ?? module.exports) as ConstructorParameters<typeof Ruleset>[0];
  return new Ruleset(definition, { severity: 'recommended', source: rulesetFile });
}
