/** Hands a file fetched from the API to the browser as a download of its own. */
export function saveAsFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns: revoking at once could cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
