/** 'Forename Surname', or the spec's placeholder ('Unnamed Patient', 'Unnamed Clinician') when both are empty. */
export function personName(forename: string, surname: string, placeholder: string): string {
  const name = `${forename} ${surname}`.trim();
  return name === '' ? placeholder : name;
}
