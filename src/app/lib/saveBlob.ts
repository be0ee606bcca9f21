/** Saves a Blob under a name through a temporary object URL (an anchor click works on iPadOS Safari too). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The browser has taken the file once the click is handled; keep the URL a little for slow devices.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
