import { describe, expect, it } from 'vitest';
import { asAnswer, listsChangedBy, MutationError, outcomeOf } from './outboxPolicy.ts';

describe('outcomeOf', () => {
  it('removes the entry only on a 2xx', () => {
    expect(outcomeOf(200)).toBe('done');
    expect(outcomeOf(201)).toBe('done');
  });

  it('marks refusals the user must resolve as failed', () => {
    for (const status of [400, 403, 404, 409, 413, 415]) expect(outcomeOf(status)).toBe('failed');
    // An answer that is neither success nor a passing failure (a redirect fetch did not follow) is not retried.
    expect(outcomeOf(302)).toBe('failed');
  });

  it('keeps writes the server did not process for a passing reason', () => {
    for (const status of [401, 408, 429, 500, 502, 503]) expect(outcomeOf(status)).toBe('retry');
  });
});

describe('listsChangedBy', () => {
  it('re-syncs the lists a write can change', () => {
    expect(listsChangedBy('addPatient')).toEqual(['patients']);
    expect(listsChangedBy('removePatient')).toEqual(['patients']);
    expect(listsChangedBy('updateClinician')).toEqual(['clinicians', 'patients']);
    expect(listsChangedBy('addClinicianToClinic')).toEqual(['clinicians', 'patients']);
    expect(listsChangedBy('removeClinic')).toEqual(['clinics', 'clinicians', 'patients']);
    // @ts-expect-error -- a password change is sent at once, never queued: not a call the outbox knows
    expect(listsChangedBy('updateOwnPasswordAsPatient')).toEqual([]);
  });
});

describe('MutationError', () => {
  it("carries the server's message, status and current record", () => {
    const error = new MutationError(409, asAnswer({ error: 'stale', current: { Forename: 'Ada' } }));
    expect(error.message).toBe('stale');
    expect(error.status).toBe(409);
    expect(error.body.current).toEqual({ Forename: 'Ada' });
  });

  it('falls back to the status when the body is not an object', () => {
    expect(new MutationError(500, asAnswer('oops')).message).toBe('The server answered 500.');
  });
});
