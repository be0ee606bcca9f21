import { describe, expect, it } from 'vitest';
import { withRoutePreloads } from './routePreloadPage.ts';

const index = `<html><head><title>Gait Portal</title>
<script type="module" crossorigin src="/assets/index-1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-2.js">
<link rel="stylesheet" crossorigin href="/assets/index-3.css">
</head><body><div id="root"></div></body></html>`;

describe('withRoutePreloads', () => {
  it("adds the route's scripts and stylesheets after the entry's preloads, once each", () => {
    const html = withRoutePreloads(
      index,
      ['/assets/route-4.js', '/assets/react-2.js', '/assets/dexie-5.js'],
      ['/assets/route-6.css', '/assets/index-3.css'],
    );
    const links = [...html.matchAll(/<link [^>]*>/g)].map((m) => m[0]);
    expect(links).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/react-2.js">',
      '<link rel="modulepreload" crossorigin href="/assets/route-4.js">',
      '<link rel="modulepreload" crossorigin href="/assets/dexie-5.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/route-6.css">',
      '<link rel="stylesheet" crossorigin href="/assets/index-3.css">',
    ]);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
  });

  it('refuses an index.html without a module script', () => {
    expect(() => withRoutePreloads('<html><head></head></html>', ['/assets/a.js'], [])).toThrow(/no module script/);
  });
});
