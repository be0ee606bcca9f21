import { describe, expect, it } from 'vitest';
import { MutationError, MutationNetworkError } from '#app/lib/mirror/outbox';
import {
  deleteFeedback,
  isAlreadyAdded,
  isConflict,
  saveFailureText,
  saveSuccessFeedback,
} from './mutationFeedback.ts';

describe('save feedback (docs/spec.md §8)', () => {
  it('confirms an add and an update', () => {
    expect(saveSuccessFeedback({ result: 'success', returnValue: 0 }, 'add')).toEqual({
      text: 'Patient is successfully added',
      succeeded: true,
    });
    expect(saveSuccessFeedback({ result: 'success', returnValue: 0 }, 'edit').text).toBe(
      'The patient information is successfully updated',
    );
  });

  it('asks to check the details on a non-zero returnValue', () => {
    expect(saveSuccessFeedback({ returnValue: 1 }, 'add')).toEqual({
      text: 'Please check all the details before adding the patient.',
      succeeded: false,
    });
  });

  it("shows known validation messages verbatim after 'Error: '", () => {
    expect(saveFailureText(new MutationError(400, { error: 'Height cannot be 0' }), 'add')).toBe(
      'Error: Height cannot be 0',
    );
    expect(saveFailureText(new MutationError(400, { error: 'Username is already taken' }), 'edit')).toBe(
      'Error: Username is already taken',
    );
  });

  it('shows the range messages of measures and dates verbatim too, since they say what to correct', () => {
    for (const message of [
      'Height is too large: at most 260 cm',
      'Weight is too small: at least 0.2 kg',
      'Date of Birth cannot be in the future',
      'Date of Birth cannot be before 1900',
    ])
      expect(saveFailureText(new MutationError(400, { error: message }), 'add')).toBe(`Error: ${message}`);
  });

  it('hides other server errors behind the general text', () => {
    expect(saveFailureText(new MutationError(500, { error: 'database locked' }), 'edit')).toBe(
      'Some error occurred, please contact the administrator.',
    );
    expect(saveFailureText(new MutationError(403, {}), 'add')).toBe(
      'Some error occurred, please contact the administrator.',
    );
  });

  it('asks to check the fields when the add call itself failed', () => {
    expect(saveFailureText(new MutationNetworkError('k'), 'add')).toBe(
      'Please make sure all fields are entered correctly.',
    );
  });

  it('takes a 409 on an add as the earlier, unanswered attempt having succeeded', () => {
    expect(isAlreadyAdded(new MutationError(409, {}), 'add')).toBe(true);
    expect(isAlreadyAdded(new MutationError(409, {}), 'edit')).toBe(false);
  });

  it('recognises a conflict', () => {
    expect(isConflict(new MutationError(409, { current: {} }))).toBe(true);
    expect(isConflict(new MutationError(400, {}))).toBe(false);
  });
});

describe('delete feedback', () => {
  it('confirms or explains', () => {
    expect(deleteFeedback(undefined).text).toBe('The patient has been deleted.');
    expect(deleteFeedback(new MutationError(409, {})).text).toBe(
      'Some error occurred trying to delete the patient. Ensure the patient has no sessions recorded.',
    );
  });
});
