import { requiredText } from '../records/fields.ts';

/** A request's recording ids: required text that parses into the branded id the server's functions take (ids.ts). */
export const sessionIdField = (label = 'SessionID') => requiredText(label).brand<'SessionId'>();
export const subSessionIdField = (label = 'SubSessionID') => requiredText(label).brand<'SubSessionId'>();
