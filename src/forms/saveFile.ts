/** Hands a downloaded file to the browser's save, under its name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // revoked on the next tick: some browsers start reading the URL only after click() returns
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
