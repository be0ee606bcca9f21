/** 'Forename Surname', or the spec's placeholder for an unnamed person (spec §2: 'Unnamed Patient', 'Unnamed Clinician'). */
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
