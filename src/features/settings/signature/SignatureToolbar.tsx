import {
  BoldOutlined,
  ClearOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { EditorState } from 'draft-js';
import { useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { UPLOAD_IMAGE_TYPES } from '../../../contract/Settings';
import {
  clearFormatting,
  currentBlockType,
  insertImage,
  isInlineStyleActive,
  toggleBlockType,
  toggleInlineStyle,
  type SignatureBlockType,
  type SignatureInlineStyle,
} from './signatureCommands';

interface ToolbarProps {
  state: EditorState;
  onChange(next: EditorState): void;
  uploadImage(file: File): Promise<string | null>;
}

const INLINE: [SignatureInlineStyle, string, ReactNode][] = [
  ['BOLD', 'settings.signature.bold', <BoldOutlined key="b" />],
  ['ITALIC', 'settings.signature.italic', <ItalicOutlined key="i" />],
  ['STRIKETHROUGH', 'settings.signature.strike', <StrikethroughOutlined key="s" />],
];

const BLOCKS: [SignatureBlockType, string, ReactNode][] = [
  ['header-one', 'settings.signature.heading1', 'H1'],
  ['header-two', 'settings.signature.heading2', 'H2'],
  ['header-three', 'settings.signature.heading3', 'H3'],
  ['header-four', 'settings.signature.heading4', 'H4'],
  ['unordered-list-item', 'settings.signature.bulletList', <UnorderedListOutlined key="ul" />],
  ['ordered-list-item', 'settings.signature.numberedList', <OrderedListOutlined key="ol" />],
  [
    'blockquote',
    'settings.signature.quote',
    <span key="q" style={{ fontSize: 18, lineHeight: 1 }}>
      ”
    </span>,
  ],
];

/** The editor's buttons. Mouse-down is prevented so the editor keeps its selection while a button is pressed. */
export function SignatureToolbar({ state, onChange, uploadImage }: ToolbarProps) {
  const intl = useIntl();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const blockType = currentBlockType(state);

  function button(
    key: string,
    labelId: string,
    icon: ReactNode,
    run: () => void,
    pressed?: boolean,
    disabled = false,
  ) {
    const label = intl.formatMessage({ id: labelId });
    return (
      <Tooltip key={key} title={label}>
        <Button
          size="small"
          type={pressed ? 'primary' : 'text'}
          ghost={pressed}
          // A visible text (H1) is part of the spoken name (WCAG 2.5.3): "H1, Heading 1".
          aria-label={typeof icon === 'string' ? `${icon}, ${label}` : label}
          aria-pressed={pressed}
          disabled={disabled}
          icon={icon}
          onMouseDown={(event) => event.preventDefault()}
          onClick={run}
        />
      </Tooltip>
    );
  }

  async function chooseImage(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    const src = await uploadImage(file);
    setUploading(false);
    if (src) onChange(insertImage(state, src, file.name.replace(/\.[^.]+$/, '')));
  }

  return (
    <div
      className="signature-editor-toolbar"
      role="toolbar"
      aria-label={intl.formatMessage({ id: 'settings.signature.toolbar' })}
    >
      {INLINE.map(([style, labelId, icon]) =>
        button(
          style,
          labelId,
          icon,
          () => onChange(toggleInlineStyle(state, style)),
          isInlineStyleActive(state, style),
        ),
      )}
      {button('clear', 'settings.signature.clear', <ClearOutlined />, () => onChange(clearFormatting(state)))}
      <span className="signature-editor-separator" />
      {BLOCKS.map(([type, labelId, icon]) =>
        button(type, labelId, icon, () => onChange(toggleBlockType(state, type)), blockType === type),
      )}
      <span className="signature-editor-separator" />
      {button(
        'undo',
        'settings.signature.undo',
        <UndoOutlined />,
        () => onChange(EditorState.undo(state)),
        undefined,
        state.getUndoStack().isEmpty(),
      )}
      {button(
        'redo',
        'settings.signature.redo',
        <RedoOutlined />,
        () => onChange(EditorState.redo(state)),
        undefined,
        state.getRedoStack().isEmpty(),
      )}
      <span className="signature-editor-separator" />
      {button(
        'image',
        'settings.signature.image',
        <PictureOutlined />,
        () => fileInput.current?.click(),
        undefined,
        uploading,
      )}
      <input
        ref={fileInput}
        type="file"
        accept={UPLOAD_IMAGE_TYPES.join(',')}
        hidden
        data-testid="signature-image-input"
        onChange={(event) => {
          void chooseImage(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </div>
  );
}
