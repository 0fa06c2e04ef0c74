import { XMLValidator } from 'fast-xml-parser';
import { unzipSync } from 'fflate';
import { QBANK_NS } from './qti';
import { type ItemSource, type QbankFields, readItem } from './qti-item';
import type { Resolver } from './qti-media';
import { decodeText } from './text';
import { PARTS_MAX, UNPACKED_MAX, unpackedSize } from './unpacked-size';
import type { ResultCollector } from './validate';
import {
  childElements,
  descendants,
  firstChild,
  parseXmlTree,
  textOf,
  withoutDoctype,
  type XmlElement,
} from './xml-tree';

const zipSignature = [0x50, 0x4b, 0x03, 0x04];
export const isZip = (bytes: Uint8Array) => zipSignature.every((b, i) => bytes[i] === b);

const notReadable = 'The file is not a readable QTI package (a .zip with imsmanifest.xml)';

/**
 * A path inside the package: `href` (a URL relative to `base`, a folder ending in "/" or "") resolved, or
 * null when it is not relative or climbs out of the package ("../../etc/passwd", "/etc/passwd").
 */
export function packagePath(base: string, href: string): string | null {
  let raw = href.trim().replace(/[?#].*$/, '');
  try {
    raw = decodeURIComponent(raw);
  } catch {}
  raw = raw.replace(/\\/g, '/');
  if (raw === '' || raw.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(raw)) return null;
  const segments: string[] = base.split('/').filter((s) => s !== '');
  for (const segment of raw.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return null;
      segments.pop();
    } else segments.push(segment);
  }
  return segments.join('/');
}

const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);

/** The product's own fields in a resource's metadata, when the package is one it exported (qti.ts). */
function qbankFields(resource: XmlElement): QbankFields | undefined {
  const metadata = firstChild(resource, 'metadata');
  const block = metadata
    ? childElements(metadata).find((e) => e.name === 'question' && e.namespace === QBANK_NS)
    : undefined;
  if (!block) return undefined;
  const values = (name: string) => childElements(block, name).map(textOf);
  const [subject, category, subcategory] = [values('subject'), values('category'), values('subcategory')];
  return {
    name: values('name')[0] ?? '',
    path: [...subject.slice(0, 1), ...category.slice(0, 1), ...subcategory.slice(0, 1)],
    references: values('reference'),
    reinforcements: values('key-point'),
    freeSample: values('free-sample')[0] === 'true',
    attached: new Set(values('attached')),
  };
}

/** Files an item shows, found beside it in the package. */
function resolverFor(files: Record<string, Uint8Array>, itemPath: string): Resolver {
  return (src) => {
    const path = packagePath(folderOf(itemPath), src);
    if (path === null) return { problem: `The file "${src}" is outside the package; it was left out` };
    const bytes = files[path];
    if (!bytes) return { problem: `The file "${src}" is not in the package; it was left out` };
    return { path, bytes };
  };
}

/** A lone item file has nothing beside it. */
const alone: Resolver = (src) => ({
  problem: `The file "${src}" was left out: a lone item file carries no files; upload the whole QTI package (.zip)`,
});

/**
 * An IMS QTI 3.0 content package (a zip whose imsmanifest.xml lists the items as resources), its items read
 * in the manifest's order, each numbered as its "line"; or a lone qti-assessment-item file. The zip is
 * measured first by inflating it for real (unpacked-size.ts), whatever sizes it declares.
 */
export async function readQti(bytes: Uint8Array, collector: ResultCollector): Promise<void> {
  if (!isZip(bytes)) {
    readItem(decodeText(bytes), { line: 1, href: 'The file', resolve: alone }, collector);
    return;
  }
  const { verdict } = await unpackedSize(bytes, UNPACKED_MAX);
  if (verdict !== 'within') {
    const message = {
      'too-large': `The package unpacks to more than ${UNPACKED_MAX / 1024 / 1024} MB; split it into smaller files`,
      'too-many-parts': `The package holds more than ${PARTS_MAX.toLocaleString('en')} files; split it into smaller packages`,
      unreadable: notReadable,
    }[verdict];
    collector.issue(1, 'file', message);
    return;
  }
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (f) => !f.name.endsWith('/') });
  } catch {
    collector.issue(1, 'file', notReadable);
    return;
  }
  // The manifest at the top, or in the one folder a package was zipped in.
  const manifestPath = Object.keys(files)
    .filter((name) => /(^|\/)imsmanifest\.xml$/i.test(name))
    .sort((a, b) => a.split('/').length - b.split('/').length)[0];
  if (manifestPath === undefined) {
    collector.issue(1, 'file', 'The package has no imsmanifest.xml, where a QTI package lists its items');
    return;
  }
  const manifestXml = decodeText(files[manifestPath] as Uint8Array);
  const valid = XMLValidator.validate(manifestXml);
  if (valid !== true) {
    collector.issue(1, 'file', `imsmanifest.xml: broken XML at its line ${valid.err.line}: ${valid.err.msg}`);
    return;
  }
  const manifest = parseXmlTree(withoutDoctype(manifestXml).xml).find((e) => e.name === 'manifest');
  const resources = manifest ? descendants(manifest, 'resource') : [];
  const items = resources.filter((r) => /^imsqti_item_xmlv3p0/i.test(r.attrs.type ?? ''));
  const older = resources.filter((r) => /^imsqti_item_xmlv2/i.test(r.attrs.type ?? '')).length;
  if (older > 0)
    collector.issue(
      1,
      'file',
      `${older === 1 ? 'One item is' : `${older} items are`} QTI 2 (the manifest says so); only QTI 3.0 items are read: export them as QTI 3.0`,
    );
  if (items.length === 0 && older === 0)
    collector.issue(1, 'file', 'The manifest lists no QTI 3.0 items (resources of type imsqti_item_xmlv3p0)');
  items.forEach((resource, i) => {
    const line = i + 1;
    const href = resource.attrs.href ?? firstChild(resource, 'file')?.attrs.href ?? '';
    const path = packagePath(folderOf(manifestPath), href);
    if (path === null) {
      collector.issue(line, 'file', `The manifest names the item "${href}", which is outside the package`);
      return;
    }
    const item = files[path];
    if (!item) {
      collector.issue(line, 'file', `The item "${href}" that the manifest lists is not in the package`);
      return;
    }
    const source: ItemSource = {
      line,
      href,
      resolve: resolverFor(files, path),
      fields: qbankFields(resource),
    };
    readItem(decodeText(item), source, collector);
  });
}
