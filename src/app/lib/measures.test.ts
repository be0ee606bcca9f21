import { describe, expect, it } from 'vitest';
import { heightText, weightText } from './measures.ts';

describe('measures for reading', () => {
  it('uses cm and kg outside the US', () => {
    expect(heightText(170.18, 'en-GB')).toBe('170.18 cm');
    expect(weightText(68.0389, 'de-DE')).toBe('68.0389 kg');
  });

  it('uses feet, inches and pounds for en-US', () => {
    expect(heightText(170.18, 'en-US')).toBe('5 ft 7 in');
    expect(weightText(68.0389, 'en-US')).toBe('150 lb');
  });

  it('shows nothing for a measure never recorded', () => {
    expect(heightText(0, 'en-GB')).toBe('');
  });
});
