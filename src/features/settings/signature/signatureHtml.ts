import { ContentState, convertFromHTML, type ContentBlock } from 'draft-js';

/** Inline styles of the editor and the tag each becomes, outermost first. */
const INLINE_TAGS: [style: string, tag: string][] = [
  ['BOLD', 'strong'],
  ['ITALIC', 'em'],
  ['STRIKETHROUGH', 's'],
];

/** Block types of the editor and their tags; list items are wrapped in their list. */
const BLOCK_TAGS: Record<string, string> = {
  unstyled: 'p',
  'header-one': 'h1',
  'header-two': 'h2',
  'header-three': 'h3',
  'header-four': 'h4',
  blockquote: 'blockquote',
  'unordered-list-item': 'li',
  'ordered-list-item': 'li',
};
const LIST_TAGS: Record<string, string> = { 'unordered-list-item': 'ul', 'ordered-list-item': 'ol' };

export const IMAGE_ENTITY = 'IMAGE';

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/** One block's inline content: runs of equal styles become nested tags; image entities become <img>. */
function blockContent(block: ContentBlock, content: ContentState): string {
  const text = block.getText();
  let html = '';
  let i = 0;
  while (i < text.length) {
    const entityKey = block.getEntityAt(i);
    const entity = entityKey ? content.getEntity(entityKey) : null;
    if (entity?.getType() === IMAGE_ENTITY) {
      const { src, alt } = entity.getData() as { src?: string; alt?: string };
      if (src) html += `<img src="${escapeAttribute(src)}" alt="${escapeAttribute(alt ?? '')}" />`;
      // The image's placeholder character may be two UTF-16 units (📷): skip the entity's whole range.
      while (i < text.length && block.getEntityAt(i) === entityKey) i += 1;
      continue;
    }
    const styles = block.getInlineStyleAt(i);
    let end = i + 1;
    while (
      end < text.length &&
      block.getInlineStyleAt(end).equals(styles) &&
      !(block.getEntityAt(end) && content.getEntity(block.getEntityAt(end)).getType() === IMAGE_ENTITY)
    ) {
      end += 1;
    }
    const tags = INLINE_TAGS.filter(([style]) => styles.has(style)).map(([, tag]) => tag);
    html += `${tags.map((tag) => `<${tag}>`).join('')}${escapeText(text.slice(i, end))}${tags
      .reverse()
      .map((tag) => `</${tag}>`)
      .join('')}`;
    i = end;
  }
  return html;
}

/**
 * The editor's content as the HTML the server stores: only the tags the server's allow-list keeps
 * (p, h1–h4, ul/ol/li, blockquote, strong, em, s, img). Empty trailing paragraphs are left out.
 */
export function contentToHtml(content: ContentState): string {
  const blocks = content.getBlocksAsArray();
  while (
    blocks.length > 0 &&
    blocks[blocks.length - 1].getType() === 'unstyled' &&
    !blocks[blocks.length - 1].getText().trim()
  ) {
    blocks.pop();
  }
  let html = '';
  let openList: string | null = null;
  for (const block of blocks) {
    const type = block.getType();
    const list = LIST_TAGS[type] ?? null;
    if (openList && openList !== list) {
      html += `</${openList}>`;
      openList = null;
    }
    if (list && openList !== list) {
      html += `<${list}>`;
      openList = list;
    }
    const tag = BLOCK_TAGS[type] ?? 'p';
    html += `<${tag}>${blockContent(block, content)}</${tag}>`;
  }
  if (openList) html += `</${openList}>`;
  return html;
}

/** Stored signature HTML as editor content (draft-js reads the same tags back). */
export function htmlToContent(html: string): ContentState {
  if (!html.trim()) return ContentState.createFromText('');
  const { contentBlocks, entityMap } = convertFromHTML(html);
  return contentBlocks.length > 0
    ? ContentState.createFromBlockArray(contentBlocks, entityMap)
    : ContentState.createFromText('');
}
