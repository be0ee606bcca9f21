import { describe, expect, it } from 'vitest';
import { icfRatingTexts } from './icfRatings.ts';

describe('ICF ratings in the expanded row', () => {
  it("pairs each ICF item with its own rating, in the patient's order", () => {
    expect([...icfRatingTexts(['b710', 'd450'], '2,4')]).toEqual([
      ['b710', '2 — Moderate problem'],
      ['d450', '4 — Complete problem'],
    ]);
  });

  it('says an item is not rated when its rating is blank or missing', () => {
    expect([...icfRatingTexts(['b710', 'd450', 'd460'], ',9')]).toEqual([
      ['b710', 'Not rated'],
      ['d450', '9 — Not applicable'],
      ['d460', 'Not rated'],
    ]);
    expect(icfRatingTexts(['b710'], null).get('b710')).toBe('Not rated');
  });
});
