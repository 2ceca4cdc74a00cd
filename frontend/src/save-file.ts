/**
 * Hands the browser a file to save: an object URL on an `<a download>`, clicked. The browser has the
 * file once the download starts; a minute is plenty before the object URL goes.
 */
export function saveFile(data: Blob, name: string): void {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
