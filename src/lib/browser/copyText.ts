/**
 * Puts text on the clipboard. The Clipboard API needs a secure context (https or localhost); on a plain
 * http intranet host the older selection copy still works. Resolves false when neither could copy.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, not focused): try the selection copy below.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    // execCommand is deprecated but the only copy that works outside secure contexts.
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
