import { Parser } from 'htmlparser2';
import { decodeXmlEntities, escapeHtml } from './text';

/**
 * A small element tree of an XML document that holds HTML (QTI item bodies are XHTML with QTI elements in
 * between), for readers that must take the HTML back out as it was written. Text keeps its escaped form, so
 * it goes back into HTML as it is; `textOf` decodes it for values.
 *
 * No entity the document declares is ever expanded: the DOCTYPE is cut out before parsing (`withoutDoctype`)
 * and only XML's five entities and numeric references are decoded. A reference to a declared entity
 * (`&xxe;`) stays a reference, which HTML reads as the text it is.
 */
export interface XmlElement {
  /** The name without its namespace prefix ("qti-value" for "qti:qti-value"). */
  name: string;
  /** The namespace its prefix (or, without one, its default namespace) names, where the element declares it. */
  namespace?: string;
  /** Attribute values decoded; namespace declarations and prefixed attributes left out. */
  attrs: Record<string, string>;
  children: XmlNode[];
}
/** Text as HTML: XML's escaped text as written, CDATA escaped. */
export type XmlNode = XmlElement | { html: string };

export const isElement = (node: XmlNode): node is XmlElement => 'name' in node;

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * The prolog of an XML document, scanned (no regular expression, so no input makes it slow): where its
 * document type declaration is, internal subset included, and where the root element starts (-1 when no
 * element follows the prolog).
 */
export function prolog(xml: string): { doctype: [number, number] | null; root: number } {
  let doctype: [number, number] | null = null;
  let i = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    while (i < xml.length && ' \t\r\n'.includes(xml[i] as string)) i++;
    if (xml.startsWith('<?', i) || xml.startsWith('<!--', i)) {
      const close = xml.startsWith('<?', i) ? '?>' : '-->';
      const end = xml.indexOf(close, i + 2);
      if (end < 0) return { doctype, root: -1 };
      i = end + close.length;
    } else if (xml.slice(i, i + 9).toUpperCase() === '<!DOCTYPE') {
      // To the ">" outside quotes and outside the internal subset's brackets.
      let quote = '';
      let depth = 0;
      let end = i + 9;
      for (; end < xml.length; end++) {
        const c = xml[end];
        if (quote) {
          if (c === quote) quote = '';
        } else if (c === '"' || c === "'") quote = c;
        else if (c === '[') depth++;
        else if (c === ']') depth--;
        else if (c === '>' && depth <= 0) break;
      }
      if (end >= xml.length) return { doctype, root: -1 };
      doctype = [i, end + 1];
      i = end + 1;
    } else return { doctype, root: xml[i] === '<' ? i : -1 };
  }
}

/** The XML without its DOCTYPE, and whether that declared entities. */
export function withoutDoctype(xml: string): { xml: string; declaredEntities: boolean } {
  const { doctype } = prolog(xml);
  if (!doctype) return { xml, declaredEntities: false };
  const [start, end] = doctype;
  return {
    xml: xml.slice(0, start) + xml.slice(end),
    declaredEntities: xml.slice(start, end).includes('<!ENTITY'),
  };
}

/** The document's top-level elements (well-formedness is checked before: XMLValidator). */
export function parseXmlTree(xml: string): XmlElement[] {
  const root: XmlElement = { name: '#document', attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  let cdata = false;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const attrs: Record<string, string> = {};
        for (const [key, value] of Object.entries(attribs)) {
          if (key === 'xmlns' || key.includes(':')) continue;
          attrs[key] = decodeXmlEntities(value);
        }
        const prefix = name.includes(':') ? name.slice(0, name.indexOf(':')) : '';
        const declared = attribs[prefix ? `xmlns:${prefix}` : 'xmlns'];
        const element: XmlElement = { name: localName(name), attrs, children: [] };
        if (declared !== undefined) element.namespace = decodeXmlEntities(declared);
        stack.at(-1)?.children.push(element);
        stack.push(element);
      },
      ontext(text) {
        stack.at(-1)?.children.push({ html: cdata ? escapeHtml(text) : text });
      },
      oncdatastart() {
        cdata = true;
      },
      oncdataend() {
        cdata = false;
      },
      onclosetag() {
        if (stack.length > 1) stack.pop();
      },
    },
    { xmlMode: true, decodeEntities: false },
  );
  parser.write(xml);
  parser.end();
  return root.children.filter(isElement);
}

export const childElements = (el: XmlElement, name?: string): XmlElement[] =>
  el.children.filter((c): c is XmlElement => isElement(c) && (name === undefined || c.name === name));

export const firstChild = (el: XmlElement, name: string): XmlElement | undefined =>
  childElements(el, name)[0];

/** Every element below `el` (not `el` itself) in document order. */
export function descendants(el: XmlElement, name?: string): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (node: XmlElement) => {
    for (const child of childElements(node)) {
      if (name === undefined || child.name === name) found.push(child);
      walk(child);
    }
  };
  walk(el);
  return found;
}

/** The element's text, decoded and trimmed (a value such as <qti-value>A</qti-value>). */
export function textOf(el: XmlElement): string {
  const html = (node: XmlNode): string =>
    isElement(node) ? node.children.map(html).join('') : decodeXmlEntities(node.html);
  return html(el).trim();
}

const voidElements = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'source', 'track', 'wbr']);

/**
 * Nodes back to HTML. `visit` may answer an element's replacement HTML (a string), or null to write it as it
 * is; it is asked for every element at any depth.
 */
export function toHtml(nodes: XmlNode[], visit: (el: XmlElement) => string | null = () => null): string {
  let out = '';
  for (const node of nodes) {
    if (!isElement(node)) {
      out += node.html;
      continue;
    }
    const replaced = visit(node);
    if (replaced !== null) {
      out += replaced;
      continue;
    }
    const attributes = Object.entries(node.attrs)
      .map(([key, value]) => ` ${key}="${escapeHtml(value)}"`)
      .join('');
    out += voidElements.has(node.name)
      ? `<${node.name}${attributes}>`
      : `<${node.name}${attributes}>${toHtml(node.children, visit)}</${node.name}>`;
  }
  return out;
}
