import { describe, expect, it } from 'vitest';
import { entryRequest } from './outboxRequest.ts';

describe('entryRequest', () => {
  it('sends a change as its JSON body', () => {
    expect(entryRequest({ call: 'removeClinic', body: { UserType: 'admin', ClinicID: 'c-1' } })).toEqual({
      json: { UserType: 'admin', ClinicID: 'c-1' },
    });
  });

  it('sends a file replacement on the address with no body, naming the file it staged', () => {
    const body = {
      UserType: 'admin',
      SessionID: 's-1',
      SubSessionID: 'ss-1',
      SessionFileType: 'Video File',
      FileUploadID: '1767000000000123456789',
    };
    expect(entryRequest({ call: 'uploadSessionFile', body })).toEqual({ searchParams: body });
  });
});
