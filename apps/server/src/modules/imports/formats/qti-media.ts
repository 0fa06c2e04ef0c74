import {
  extensionFor,
  isVideo,
  safeMediaName,
  sniffContentType,
  supportedMediaText,
  uniqueName,
} from './media';
import type { PortableMedia, PortableQuestion } from './types';
import type { ResultCollector } from './validate';
import { childElements, isElement, toHtml, type XmlElement, type XmlNode } from './xml-tree';

/** A file an item refers to, found in its package: its path there and its bytes; or why it is not kept. */
export type Resolved = { path: string; bytes: Uint8Array } | { problem: string };

/** Finds the file an item's `src` names (relative to the item, inside the package). */
export type Resolver = (src: string) => Resolved;

/** A URL with a scheme ("https:") or protocol-relative: not a file of the package. A data: URL is the file. */
const outside = (src: string) => !isData(src) && /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(src.trim());
const isData = (src: string) => /^data:/i.test(src.trim());

/** The bytes a data: URL holds (base64 or percent-encoded), or null when it cannot be read. */
function dataBytes(src: string): Uint8Array | null {
  const match = /^data:[^,]*?(;base64)?,([\s\S]*)$/i.exec(src.trim());
  if (!match) return null;
  const data = match[2] ?? '';
  try {
    return new Uint8Array(
      match[1] ? Buffer.from(data, 'base64') : Buffer.from(decodeURIComponent(data), 'latin1'),
    );
  } catch {
    return null;
  }
}

const mediaElements = new Set(['img', 'video', 'audio', 'object', 'source']);

/**
 * The media of one question's HTML as it is read: images the HTML shows become src="media:<name>", videos
 * become media items shown with the stem or the explanation (the product shows video that way, not inline),
 * and a file that cannot be kept is named in a note and left out.
 */
export class ItemMedia {
  private readonly byPath = new Map<string, PortableMedia>();
  private readonly taken = new Set<string>();

  /**
   * `attachedFiles`: the files the package says are shown with the stem or the explanation (a package this
   * product exported); without it, a trailing paragraph holding only an image without alt text, or a video,
   * is taken for one.
   */
  constructor(
    private readonly question: PortableQuestion,
    private readonly resolve: Resolver,
    private readonly collector: ResultCollector,
    private readonly attachedFiles?: Set<string>,
  ) {}

  private note(message: string): void {
    this.collector.issue(this.question.line, 'media', message);
  }

  /** The media item of this file, added once per question; null (noted) when it cannot be kept. */
  private media(src: string, place: PortableMedia['place']): PortableMedia | null {
    const found = isData(src) ? this.inline(src) : this.resolve(src);
    if ('problem' in found) {
      this.note(found.problem);
      return null;
    }
    const known = this.byPath.get(found.path);
    if (known) return known;
    const contentType = sniffContentType(found.bytes);
    if (!contentType) {
      const what = isData(src) ? 'A file written into the item (a data: URL)' : `The file "${src}"`;
      this.note(`${what} is not ${supportedMediaText}; it was left out`);
      return null;
    }
    const fileName = isData(src) ? `image.${extensionFor(contentType)}` : found.path;
    const name = uniqueName(safeMediaName(fileName), this.taken);
    this.taken.add(name);
    const media = { name, contentType, bytes: found.bytes, place };
    this.byPath.set(found.path, media);
    this.question.media.push(media);
    return media;
  }

  /** A data: URL's file, known by its text (the same URL twice is one file). */
  private inline(src: string): Resolved {
    const bytes = dataBytes(src);
    return bytes
      ? { path: src.trim(), bytes }
      : { problem: 'A file written into the item (a data: URL) could not be read; it was left out' };
  }

  /** A video (or an object) not shown inline: carried as a media item of its place. */
  private attach(el: XmlElement, place: PortableMedia['place']): string {
    const sources = [el.attrs.src, el.attrs.data, ...childElements(el, 'source').map((s) => s.attrs.src)];
    const src = sources.find((s): s is string => s !== undefined && s.trim() !== '');
    if (src === undefined) return '';
    if (outside(src)) {
      this.note(`The ${el.name} at ${src} was left out: only files inside the package are imported`);
      return '';
    }
    this.media(src, place);
    return '';
  }

  /**
   * The HTML of an element that shows a file, or null for any other element. `place` null: media are not
   * kept here (answer choices and their feedback), and are named as left out.
   */
  element(el: XmlElement, place: PortableMedia['place'] | null, where: string): string | null {
    if (!mediaElements.has(el.name)) return null;
    if (place === null) {
      this.note(`Files in ${where} are not supported; they were left out`);
      return '';
    }
    if (el.name === 'audio') {
      this.note(`Sound files are not supported (${supportedMediaText} are); it was left out`);
      return '';
    }
    if (el.name === 'img') {
      const src = el.attrs.src ?? '';
      if (src.trim() === '') return '';
      // Another site's image stays as written: the question is then refused, naming it (validate.ts).
      if (outside(src)) return null;
      const media = this.media(src, place);
      if (!media) return '';
      return toHtml([{ ...el, attrs: { ...el.attrs, src: `media:${media.name}` } }]);
    }
    if (el.name === 'object') {
      const src = el.attrs.data ?? '';
      const found = outside(src) ? null : this.media(src, place);
      if (found && !isVideo(found.contentType))
        return `<img src="media:${found.name}" alt="${(el.attrs.title ?? '').replace(/"/g, '&quot;')}">`;
      if (outside(src))
        this.note(`The object at ${src} was left out: only files inside the package are imported`);
      return '';
    }
    return this.attach(el, place);
  }

  /**
   * Takes off the end of `nodes` the paragraphs that only hold a file (an image without alt text, or a
   * video): how a file shown with the stem or the explanation, not inside it, is written (media-refs.ts).
   * Answers what is left and those files, which `attachAll` makes media items of their place. Nodes that
   * `passed` says are no content (the interaction after the stem) are passed over and kept.
   */
  attached(
    nodes: XmlNode[],
    passed: (node: XmlElement) => boolean = () => false,
  ): { kept: XmlNode[]; files: XmlElement[] } {
    const blank = (n: XmlNode) => !isElement(n) && n.html.trim() === '';
    const fileOnly = (n: XmlNode): XmlElement | null => {
      if (!isElement(n) || n.name !== 'p' || Object.keys(n.attrs).length > 0) return null;
      const inside = n.children.filter((c) => !blank(c));
      const only = inside[0];
      if (inside.length !== 1 || !only || !isElement(only)) return null;
      const src = only.attrs.src ?? '';
      const image = only.name === 'img' && only.attrs.alt === '' && Object.keys(only.attrs).length === 2;
      if (!(image || only.name === 'video') || outside(src) || 'problem' in this.resolve(src)) return null;
      if (this.attachedFiles && !this.attachedFiles.has(src)) return null;
      return only;
    };
    const taken = new Set<XmlNode>();
    const files: XmlElement[] = [];
    for (let i = nodes.length - 1; i >= 0; i--) {
      const node = nodes[i] as XmlNode;
      if (blank(node) || (isElement(node) && passed(node))) continue;
      const file = fileOnly(node);
      if (!file) break;
      files.unshift(file);
      taken.add(node);
    }
    return { kept: nodes.filter((n) => !taken.has(n)), files };
  }

  /** Files that `attached` took off, as media items shown with `place`. */
  attachAll(files: XmlElement[], place: PortableMedia['place']): void {
    for (const file of files) {
      if (file.name === 'video') this.attach(file, place);
      else this.media(file.attrs.src ?? '', place);
    }
  }
}
