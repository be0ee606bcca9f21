/**
 * The flags Debian's Chromium runs the specs with (Playwright cannot download its own browser on this machine): no
 * sandbox for root, no GPU, and nothing of its own on the network.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
