/** Copies text to the clipboard: formatted (HTML) as well where the browser allows, plain text otherwise. */
export async function copyRich(text: string, html: string): Promise<void> {
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    try {
      await navigator.clipboard.write([
        new ClipboardItem({ 'text/plain': new Blob([text], { type: 'text/plain' }), 'text/html': new Blob([html], { type: 'text/html' }) }),
      ]);
      return;
    } catch {
      // Some browsers refuse rich items; plain text still helps.
    }
  }
  await navigator.clipboard.writeText(text);
}
