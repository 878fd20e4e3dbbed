import { EditorState, Modifier, RichUtils } from 'draft-js';
import { IMAGE_ENTITY } from './signatureHtml';

/** The inline styles and block types the toolbar offers (spec §2: the signature editor). */
export const SIGNATURE_INLINE_STYLES = ['BOLD', 'ITALIC', 'STRIKETHROUGH'] as const;
export const SIGNATURE_BLOCK_TYPES = [
  'header-one',
  'header-two',
  'header-three',
  'header-four',
  'unordered-list-item',
  'ordered-list-item',
  'blockquote',
] as const;

export type SignatureInlineStyle = (typeof SIGNATURE_INLINE_STYLES)[number];
export type SignatureBlockType = (typeof SIGNATURE_BLOCK_TYPES)[number];

export const toggleInlineStyle = (state: EditorState, style: SignatureInlineStyle) =>
  RichUtils.toggleInlineStyle(state, style);

export const toggleBlockType = (state: EditorState, type: SignatureBlockType) =>
  RichUtils.toggleBlockType(state, type);

/** Clear formatting: the selection loses its inline styles and its blocks become plain paragraphs. */
export function clearFormatting(state: EditorState): EditorState {
  const selection = state.getSelection();
  let content = state.getCurrentContent();
  for (const style of SIGNATURE_INLINE_STYLES)
    content = Modifier.removeInlineStyle(content, selection, style);
  content = Modifier.setBlockType(content, selection, 'unstyled');
  const next = EditorState.push(state, content, 'change-inline-style');
  // With a collapsed selection, also stop the styles the next typed characters would get.
  return EditorState.setInlineStyleOverride(next, state.getCurrentInlineStyle().clear());
}

/** Inserts an uploaded image at the cursor (an IMAGE entity on a placeholder character, as draft-js reads <img>). */
export function insertImage(state: EditorState, src: string, alt: string): EditorState {
  const withEntity = state.getCurrentContent().createEntity(IMAGE_ENTITY, 'IMMUTABLE', { src, alt });
  const entityKey = withEntity.getLastCreatedEntityKey();
  const content = Modifier.replaceText(withEntity, state.getSelection(), '📷', undefined, entityKey);
  return EditorState.push(state, content, 'insert-characters');
}

/** Whether the toolbar shows a style or block type as active at the cursor. */
export function isInlineStyleActive(state: EditorState, style: SignatureInlineStyle): boolean {
  return state.getCurrentInlineStyle().has(style);
}

export function currentBlockType(state: EditorState): string {
  const selection = state.getSelection();
  return state.getCurrentContent().getBlockForKey(selection.getStartKey()).getType();
}
