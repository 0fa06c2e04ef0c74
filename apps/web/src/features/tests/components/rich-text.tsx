import { Typography } from '@mantine/core';
import classes from './rich-text.module.css';

export const richTextClass = classes.richText;

/**
 * Question rich text (a choice, an explanation) shown as HTML. What the server sends was sanitised against an
 * allow-list when it was saved (docs/decisions/0013-rich-text.md). A copy of the questions feature's view:
 * features do not reach into each other.
 */
export function RichText({ html }: { html: string }) {
  return (
    <Typography className={classes.richText}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
