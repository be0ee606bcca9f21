import { describe, expect, it } from 'vitest';
import { withLoginShell } from './loginShellPage.ts';

const index = `<html><head><title>Gait Portal</title>
<script type="module" crossorigin src="/assets/index-1.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-2.css">
</head><body><div id="root"></div></body></html>`;

describe('withLoginShell', () => {
  it('puts the card in the root and the stylesheet in the page, keeping the scripts', () => {
    const html = withLoginShell(index, '\n<h1>Login</h1>\n', new Map([['/assets/index-2.css', 'h1{color:$1}']]));
    expect(html).toContain('<div id="root"><h1>Login</h1></div>');
    expect(html).toContain('<style>h1{color:$1}</style>');
    expect(html).not.toContain('index-2.css');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
  });

  it('refuses an index.html without an empty root or without a stylesheet it was given', () => {
    expect(() => withLoginShell(index.replace('<div id="root"></div>', ''), '<h1>Login</h1>', new Map())).toThrow(
      /no empty/,
    );
    expect(() => withLoginShell(index, '<h1>Login</h1>', new Map([['/assets/other.css', '']]))).toThrow(
      /does not link/,
    );
  });
});
