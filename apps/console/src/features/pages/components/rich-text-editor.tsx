import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatQuote from '@mui/icons-material/FormatQuote';
import Title from '@mui/icons-material/Title';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

export interface RichTextEditorProps {
  label: string;
  /** The HTML shown when the editor opens (later changes of it are not applied: remount with a key). */
  initialHtml: string;
  onChange: (html: string) => void;
  error?: string | null;
  helperText?: string;
  testId?: string;
}

interface Mark {
  id: string;
  labelId: string;
  icon: ReactNode;
  active: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
}

/** The formatting the server's allow-list keeps (platform/content/content-html.ts). */
const MARKS: Mark[] = [
  {
    id: 'bold',
    labelId: 'pages.editor.bold',
    icon: <FormatBold />,
    active: (e) => e.isActive('bold'),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    id: 'italic',
    labelId: 'pages.editor.italic',
    icon: <FormatItalic />,
    active: (e) => e.isActive('italic'),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    id: 'heading',
    labelId: 'pages.editor.heading',
    icon: <Title />,
    active: (e) => e.isActive('heading', { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    id: 'bullets',
    labelId: 'pages.editor.bullets',
    icon: <FormatListBulleted />,
    active: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    id: 'numbers',
    labelId: 'pages.editor.numbers',
    icon: <FormatListNumbered />,
    active: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    id: 'quote',
    labelId: 'pages.editor.quote',
    icon: <FormatQuote />,
    active: (e) => e.isActive('blockquote'),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
];

/**
 * A rich-text editor for HTML bodies (Tiptap with its starter kit), loaded only by the screens that
 * edit a page: the first screen never carries it (ADR 0014). What it sends is sanitised again by the
 * server, which trusts no HTML from the client.
 */
export default function RichTextEditor({
  label,
  initialHtml,
  onChange,
  error,
  helperText,
  testId,
}: RichTextEditorProps) {
  const intl = useIntl();
  const labelId = useId();
  const helpId = useId();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false, code: false, codeBlock: false, horizontalRule: false })],
    content: initialHtml,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-describedby': helpId,
        'data-testid': testId ?? 'rich-text-editor',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => (e ? MARKS.filter((m) => m.active(e)).map((m) => m.id) : []),
  });
  useEffect(() => () => editor?.destroy(), [editor]);

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <FormLabel id={labelId} error={Boolean(error)}>
        {label}
      </FormLabel>
      <ToggleButtonGroup
        size="small"
        value={active ?? []}
        aria-label={intl.formatMessage({ id: 'pages.editor.toolbar' })}
        sx={{ flexWrap: 'wrap' }}
      >
        {MARKS.map((mark) => (
          <ToggleButton
            key={mark.id}
            value={mark.id}
            aria-label={intl.formatMessage({ id: mark.labelId })}
            title={intl.formatMessage({ id: mark.labelId })}
            disabled={!editor}
            onClick={() => editor && mark.run(editor)}
          >
            {mark.icon}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          px: 2,
          minHeight: 220,
          '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
          '& .ProseMirror': { minHeight: 200, outline: 'none', py: 1 },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
      <FormHelperText id={helpId} error={Boolean(error)}>
        {error ?? helperText}
      </FormHelperText>
    </Box>
  );
}
