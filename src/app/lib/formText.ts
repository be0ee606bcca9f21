/** A text field's value from a submitted form ('' when absent; file inputs are not text). */
export function formText(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}
