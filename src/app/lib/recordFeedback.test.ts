import { describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages';
import { MutationError, MutationNetworkError } from './mirror/outboxPolicy.ts';
import { deleteFeedback, saveFailureFeedback, saveSuccessFeedback } from './recordFeedback.ts';

describe('save feedback', () => {
  it('uses the spec texts for success and for a non-zero returnValue', () => {
    expect(saveSuccessFeedback('Clinician', 'add', { returnValue: 0 }).text).toBe('Clinician is successfully added');
    expect(saveSuccessFeedback('Clinic', 'edit', { returnValue: 0 }).text).toBe(
      'The clinic information is successfully updated',
    );
    expect(saveSuccessFeedback('Clinic', 'add', { returnValue: 2 })).toEqual({
      text: 'Please check all the details before adding the clinic.',
      tone: 'error',
      closes: false,
    });
  });

  it('shows known validation messages verbatim after "Error: " and keeps the dialog open', () => {
    const refused = new MutationError(400, { error: 'ClinicContactNumber not specified' });
    expect(saveFailureFeedback(refused)).toEqual({
      text: 'Error: ClinicContactNumber not specified',
      tone: 'error',
      closes: false,
    });
    expect(saveFailureFeedback(new MutationError(400, { error: 'Username is already taken' })).text).toBe(
      'Error: Username is already taken',
    );
  });

  it('falls back to the generic text, and names a stale edit', () => {
    expect(saveFailureFeedback(new MutationError(400, { error: 'ClinicIDs contains an unknown id' })).text).toBe(
      MESSAGES.someError,
    );
    expect(saveFailureFeedback(new Error('boom')).text).toBe(MESSAGES.someError);
    expect(saveFailureFeedback(new MutationError(409, { error: 'changed', current: {} })).text).toBe(
      MESSAGES.staleEdit,
    );
  });

  it('closes the dialog when the write is queued for a later replay', () => {
    expect(saveFailureFeedback(new MutationNetworkError('k')).closes).toBe(true);
  });
});

describe('delete feedback', () => {
  it('uses the spec texts', () => {
    expect(deleteFeedback('Clinician', undefined, MESSAGES.clinicianDeleteFailed).text).toBe(
      'The clinician has been deleted.',
    );
    const refused = new MutationError(409, { error: 'has patients' });
    expect(deleteFeedback('Clinic', refused, MESSAGES.clinicDeleteFailed)).toEqual({
      text: MESSAGES.clinicDeleteFailed,
      tone: 'error',
      closes: false,
    });
  });
});
