/** sanitize-html and its HTML and CSS parsers load with the first signature saved or mailed, not with the server. */
const loadSanitizeHtml = async () => (await import('sanitize-html')).default;

/** Where signature images are served from (public: they go out in mails); the only image source allowed. */
export const SIGNATURE_IMAGE_PATH = '/v1/files/signature-image/';

/** The tags the signature editor produces (bold, italic, strike, headings 1–4, lists, quote, images). */
const EDITOR_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  's',
  'h1',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'blockquote',
  'img',
];

/**
 * The e-mail signature as it may be stored and mailed: only the editor's own tags, no attributes but an
 * image's `src`/`alt`, and an image only from our signature-image path (a relative URL, so no scheme at
 * all — `javascript:`, `data:` and outside trackers are dropped). Scripts and styles go with their content.
 */
export async function sanitizeSignature(html: string): Promise<string> {
  const sanitizeHtml = await loadSanitizeHtml();
  return sanitizeHtml(html, {
    allowedTags: EDITOR_TAGS,
    allowedAttributes: { img: ['src', 'alt'] },
    allowedSchemes: [],
    allowProtocolRelative: false,
    nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript', 'title'],
    exclusiveFilter: (frame) =>
      frame.tag === 'img' &&
      !(
        frame.attribs.src?.startsWith(SIGNATURE_IMAGE_PATH) &&
        /^[0-9a-f-]{36}$/.test(frame.attribs.src.slice(SIGNATURE_IMAGE_PATH.length))
      ),
  }).trim();
}

/** The signature for a mail: image paths made absolute on PUBLIC_URL, and a plain-text version. */
export async function signatureForMail(
  html: string,
  publicUrl: string,
): Promise<{ html: string; text: string } | null> {
  if (!html.trim()) return null;
  const sanitizeHtml = await loadSanitizeHtml();
  const origin = publicUrl.replace(/\/+$/, '');
  const absolute = html.split(`src="${SIGNATURE_IMAGE_PATH}`).join(`src="${origin}${SIGNATURE_IMAGE_PATH}`);
  const text = sanitizeHtml(html.replace(/<\/(p|h[1-4]|li|blockquote)>|<br\s*\/?>/g, '$&\n'), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { html: absolute, text };
}
