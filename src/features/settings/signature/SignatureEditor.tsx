import 'draft-js/dist/Draft.css';
import './signatureEditor.css';
import {
  CompositeDecorator,
  Editor,
  EditorState,
  RichUtils,
  type ContentBlock,
  type ContentState,
  type DraftHandleValue,
} from 'draft-js';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { IMAGE_ENTITY, contentToHtml, htmlToContent } from './signatureHtml';
import { SignatureToolbar } from './SignatureToolbar';

function findImages(
  block: ContentBlock,
  callback: (start: number, end: number) => void,
  content: ContentState,
) {
  block.findEntityRanges((character) => {
    const key = character.getEntity();
    return key !== null && content.getEntity(key).getType() === IMAGE_ENTITY;
  }, callback);
}

function SignatureImage(props: { contentState: ContentState; entityKey: string; children?: ReactNode }) {
  const { src, alt } = props.contentState.getEntity(props.entityKey).getData() as {
    src: string;
    alt?: string;
  };
  return (
    <span className="signature-image">
      <img src={src} alt={alt ?? ''} />
      {/* draft-js maps the selection through the placeholder character, so it stays in the DOM, unseen. */}
      <span className="signature-image-placeholder">{props.children}</span>
    </span>
  );
}

const decorator = new CompositeDecorator([{ strategy: findImages, component: SignatureImage }]);

export interface SignatureEditorProps {
  /** The stored signature HTML the editor starts from. */
  initialHtml: string;
  /** Called with the editor's HTML whenever it changes. */
  onChange(html: string): void;
  /** Uploads an image and resolves its URL, or null when the upload failed (the caller shows why). */
  uploadImage(file: File): Promise<string | null>;
  label: string;
}

/**
 * The e-mail signature editor (spec §2): draft-js with bold, italic, strike, clear formatting, headings
 * 1–4, bullet and numbered lists, quote, undo, redo and images. Keyboard shortcuts (Ctrl+B, Ctrl+I, Ctrl+Z …)
 * work through draft-js's key commands.
 */
export function SignatureEditor({ initialHtml, onChange, uploadImage, label }: SignatureEditorProps) {
  const [state, setState] = useState(() =>
    EditorState.createWithContent(htmlToContent(initialHtml), decorator),
  );
  const editor = useRef<Editor>(null);
  const lastHtml = useRef(contentToHtml(state.getCurrentContent()));

  const update = useMemo(
    () => (next: EditorState) => {
      setState(next);
      const html = contentToHtml(next.getCurrentContent());
      if (html !== lastHtml.current) {
        lastHtml.current = html;
        onChange(html);
      }
    },
    [onChange],
  );

  function handleKeyCommand(command: string, current: EditorState): DraftHandleValue {
    const next = RichUtils.handleKeyCommand(current, command);
    if (!next) return 'not-handled';
    update(next);
    return 'handled';
  }

  return (
    <div className="signature-editor">
      <SignatureToolbar
        state={state}
        onChange={(next) => {
          update(next);
          setTimeout(() => editor.current?.focus(), 0);
        }}
        uploadImage={uploadImage}
      />
      <div className="signature-editor-body" onClick={() => editor.current?.focus()}>
        <Editor
          ref={editor}
          editorState={state}
          onChange={update}
          handleKeyCommand={handleKeyCommand}
          ariaLabel={label}
          ariaMultiline
          spellCheck
        />
      </div>
    </div>
  );
}
