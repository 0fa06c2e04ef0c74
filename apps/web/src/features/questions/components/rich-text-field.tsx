import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import Highlight from '@tiptap/extension-highlight';
import Image from '@tiptap/extension-image';
import Subscript from '@tiptap/extension-subscript';
import Superscript from '@tiptap/extension-superscript';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId } from 'react';
import classes from '../../../components/rich-text.module.css';

/**
 * The extensions of a question's rich text: what the server's allow-list keeps (docs/decisions/0013-rich-text.md),
 * headings from h2 (the page has the h1), Mantine's Link (Ctrl/Cmd+K edits a link), images kept so an
 * image already in the text survives an edit.
 */
const fullExtensions = () => [
  StarterKit.configure({ link: false, heading: { levels: [2, 3, 4] } }),
  Link,
  Highlight,
  Subscript,
  Superscript,
  Table.configure({ resizable: false }),
  TableRow,
  TableHeader,
  TableCell,
  Image,
];

/** An answer choice: a line or two of text with inline marks only. */
const compactExtensions = () => [
  StarterKit.configure({
    link: false,
    heading: false,
    bulletList: false,
    orderedList: false,
    listItem: false,
    blockquote: false,
    codeBlock: false,
    horizontalRule: false,
  }),
  Subscript,
  Superscript,
  Image,
];

/**
 * A labelled rich-text field on Mantine's editor. Uncontrolled: it starts from `initialValue` and reports every
 * change as HTML ('' when empty); a parent remounts it (a new key) to load other content.
 */
export function RichTextField({
  label,
  initialValue,
  onChange,
  error,
  description,
  required,
  compact = false,
  minHeight = compact ? 48 : 140,
  id: givenId,
}: {
  label: string;
  initialValue: string;
  onChange: (html: string) => void;
  error?: React.ReactNode;
  description?: React.ReactNode;
  required?: boolean;
  compact?: boolean;
  minHeight?: number;
  id?: string;
}) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
  const editor = useEditor({
    extensions: compact ? compactExtensions() : fullExtensions(),
    content: initialValue,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class: classes.richText ?? '',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  // Errors and descriptions come and go: the editable element's ARIA follows them.
  useEffect(() => {
    if (!editor) return;
    editor.setOptions({
      editorProps: {
        attributes: {
          id,
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(error ? { 'aria-invalid': 'true' } : {}),
          ...(required ? { 'aria-required': 'true' } : {}),
          class: classes.richText ?? '',
        },
      },
    });
  }, [editor, id, labelId, describedBy, error, required]);

  const inTable = useEditorState({
    editor,
    selector: ({ editor: e }) => !!e?.isActive('table'),
  });

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId, onClick: () => editor?.commands.focus() }}
      error={error}
      errorProps={{ id: errorId }}
      description={description}
      descriptionProps={{ id: descriptionId }}
      required={required}
    >
      <RichTextEditor
        editor={editor}
        mt={4}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            {!compact && <RichTextEditor.Strikethrough />}
            {!compact && <RichTextEditor.Highlight />}
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Subscript />
            <RichTextEditor.Superscript />
          </RichTextEditor.ControlsGroup>
          {!compact && (
            <>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.H2 />
                <RichTextEditor.H3 />
                <RichTextEditor.BulletList />
                <RichTextEditor.OrderedList />
                <RichTextEditor.Blockquote />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Link />
                <RichTextEditor.Unlink />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.TableInsert />
                {inTable && (
                  <>
                    <RichTextEditor.TableRowAfter />
                    <RichTextEditor.TableColumnAfter />
                    <RichTextEditor.TableRowDelete />
                    <RichTextEditor.TableColumnDelete />
                    <RichTextEditor.TableToggleHeaderRow />
                    <RichTextEditor.TableDelete />
                  </>
                )}
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.ClearFormatting />
                <RichTextEditor.Undo />
                <RichTextEditor.Redo />
              </RichTextEditor.ControlsGroup>
            </>
          )}
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content style={{ minHeight }} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
