/** Texts of the session browser shown verbatim (docs/spec.md §5 session selection alerts, §8). Keep the specification's (docs/spec.md) 'atleast'. */
export const SESSION_MESSAGES = {
  selectSingle: 'Please select a single session.',
  selectOnlySingle: 'Please select only a single session.',
  selectAtLeastOne: 'Please select atleast one session for creating the report.',
  fileUploaded: 'Session file is successfully uploaded',
  available: 'Available',
  notFound: 'Not Found',
} as const;
