import { EditorState, SelectionState } from 'draft-js';
import {
  clearFormatting,
  insertImage,
  toggleBlockType,
} from '../../../src/features/settings/signature/signatureCommands';
import { contentToHtml, htmlToContent } from '../../../src/features/settings/signature/signatureHtml';

const roundTrip = (html: string) => contentToHtml(htmlToContent(html));

/** Selects the whole first block. */
function selectFirstBlock(state: EditorState): EditorState {
  const block = state.getCurrentContent().getFirstBlock();
  const selection = SelectionState.createEmpty(block.getKey()).merge({ focusOffset: block.getLength() });
  return EditorState.forceSelection(state, selection);
}

describe('signature HTML (the editor ↔ what the server stores)', () => {
  it('keeps bold, italic, strike, headings 1–4, both lists and quotes through a round trip', () => {
    const html =
      '<h1>One</h1><h2>Two</h2><h3>Three</h3><h4>Four</h4>' +
      '<p><strong>Anna</strong> <em>Muster</em> <s>old</s> <strong><em>both</em></strong></p>' +
      '<ul><li>a</li><li>b</li></ul><ol><li>c</li></ol><blockquote>Quote &amp; &lt;more&gt;</blockquote>';
    expect(roundTrip(html)).toBe(html);
  });

  it('turns images into <img> once each (the placeholder is two UTF-16 units) and escapes their attributes', () => {
    let state = EditorState.createWithContent(htmlToContent('<p>Logo</p>'));
    state = EditorState.moveSelectionToEnd(state);
    state = insertImage(
      state,
      '/v1/files/signature-image/0b5c3f2e-0000-4000-8000-000000000001',
      'Atlas "AG"',
    );
    const html = contentToHtml(state.getCurrentContent());
    expect(html).toBe(
      '<p>Logo<img src="/v1/files/signature-image/0b5c3f2e-0000-4000-8000-000000000001" alt="Atlas &quot;AG&quot;" /></p>',
    );
    expect(roundTrip(html)).toBe(html);
  });

  it('clear formatting removes the inline styles and the block type of the selection', () => {
    let state = selectFirstBlock(
      EditorState.createWithContent(htmlToContent('<h2><strong>Ada</strong> <s>x</s></h2>')),
    );
    state = clearFormatting(state);
    expect(contentToHtml(state.getCurrentContent())).toBe('<p>Ada x</p>');
    state = toggleBlockType(state, 'ordered-list-item');
    expect(contentToHtml(state.getCurrentContent())).toBe('<ol><li>Ada x</li></ol>');
  });

  it('leaves out trailing empty paragraphs and reads an empty signature as an empty editor', () => {
    expect(roundTrip('<p>Hi</p><p></p>')).toBe('<p>Hi</p>');
    expect(roundTrip('')).toBe('');
  });
});
