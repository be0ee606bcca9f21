import { describe, expect, it } from 'vitest';
import { trustProxyOf } from './config.ts';

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.5, 10.0.1.0/24,::1', ['10.0.0.5', '10.0.1.0/24', '::1']],
  ])('reads %j as %j', (value, expected) => {
    expect(trustProxyOf(value)).toEqual(expected);
  });

  it.each(['true', 'yes', 'proxy.example'])('refuses %j with a message naming the setting', (value) => {
    expect(() => trustProxyOf(value)).toThrow(/TRUST_PROXY/);
  });
});
