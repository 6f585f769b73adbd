import type { Browser } from 'playwright-core';

/** Headless Chromium without a system package: see chromium.cjs. */
export declare function launchChromium(): Promise<Browser>;
