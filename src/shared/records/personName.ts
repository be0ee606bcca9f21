/** 'Forename Surname', or the specification's (docs/spec.md) placeholder for an unnamed person (docs/spec.md §2: 'Unnamed Patient', 'Unnamed Clinician'). */
export function personName(
  forename: string | null | undefined,
  surname: string | null | undefined,
  unnamed: string,
): string {
  const name = [forename, surname]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name || unnamed;
}
