import { Parser } from 'htmlparser2';
import { escapeHtml, stripXmlInvalid } from './text';

const voidElements = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'source', 'track', 'wbr']);
/** Their content is not something a test taker reads. */
const droppedElements = new Set(['script', 'style', 'template', 'head', 'title']);
const xmlName = /^[A-Za-z_][\w.-]*$/;

/**
 * HTML (the product's, so sanitised but not well-formed XML: <br>, &nbsp;, unclosed <p>) as XHTML for QTI,
 * where item bodies are XML. The HTML parser settles implied closes and entities; this writes them out as
 * XML: void elements self-closed, every text and attribute escaped, named entities as their characters.
 */
export function htmlToXhtml(html: string): string {
  let out = '';
  let dropped = 0;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (droppedElements.has(name) || dropped > 0) {
          if (!voidElements.has(name)) dropped++;
          return;
        }
        if (!xmlName.test(name)) return;
        const attributes = Object.entries(attribs)
          .filter(([key]) => xmlName.test(key) && key !== 'xmlns')
          .map(([key, value]) => ` ${key}="${escapeHtml(stripXmlInvalid(value))}"`)
          .join('');
        out += voidElements.has(name) ? `<${name}${attributes}/>` : `<${name}${attributes}>`;
      },
      ontext(text) {
        if (dropped === 0) out += escapeHtml(stripXmlInvalid(text));
      },
      onclosetag(name) {
        if (voidElements.has(name)) return;
        if (dropped > 0) {
          dropped--;
          return;
        }
        if (xmlName.test(name)) out += `</${name}>`;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return out;
}
