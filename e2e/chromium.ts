/**
 * How the browser tests and the page-load bench start Debian's Chromium: never a downloaded browser, and
 * none of its background traffic (updates, sync, QUIC), so nothing but the page under test uses the network.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
};
