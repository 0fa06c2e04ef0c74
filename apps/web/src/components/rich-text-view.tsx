import { Typography } from '@mantine/core';
import classes from './rich-text.module.css';

/** The class of question rich text, for a view that renders the HTML itself (the exam screen's stem). */
export const richTextClass = classes.richText;

/**
 * Question rich text (stem, choice, explanation) shown as HTML. What the server stores is sanitised against an
 * allow-list (docs/decisions/0013-rich-text.md); the editor's preview shows the editor's own output. Shared by
 * authoring (features/questions) and taking tests (features/exams).
 */
export function RichTextView({ html, className }: { html: string; className?: string }) {
  return (
    <Typography className={className ? `${classes.richText} ${className}` : classes.richText}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server, or the editor's own schema-bound output */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
