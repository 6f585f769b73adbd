import type { Browser } from 'playwright-core';

/** Headless Chromium without a system package: see chromium.cjs. */
export declare function launchChromium(): Promise<Browser>;

/** Renders a page of HTML at this viewport and writes its full-page PNG. */
export declare function screenshotHtml(html: string, file: string, viewport: { width: number; height: number }): Promise<void>;
