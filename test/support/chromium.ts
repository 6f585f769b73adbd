/** Headless Chromium for the report's browser test: the launcher `npm run report:screenshot` uses too. */
export { launchChromium } from '../../scripts/chromium.cjs';
