import type { QuestionMediaType, StoredMediaFile } from '@qbank/contract';
import { useEffect, useRef, useState } from 'react';
import { type MediaEntry, newMediaEntry, toggleRemoved, uploadedEntry } from '../lib/media';

/**
 * The editor's images and videos: the stored ones and the files picked here, each picked file shown from an
 * object URL that is let go once the file is dropped, stored, or the page closes.
 */
export function useMediaEntries(initial: MediaEntry[]) {
  const [media, setMedia] = useState(initial);
  const now = useRef(media);
  now.current = media;
  useEffect(
    () => () => {
      for (const e of now.current) if (e.origin === 'new') URL.revokeObjectURL(e.url);
    },
    [],
  );
  return {
    media,
    add: (mediaType: QuestionMediaType) => (files: File[]) =>
      setMedia((m) => [...m, ...files.map((f) => newMediaEntry(f, mediaType, URL.createObjectURL(f)))]),
    /** Remove (or keep again) an entry; a picked file is simply dropped. */
    toggle: (key: string) => {
      const dropped = now.current.find((e) => e.key === key && e.origin === 'new');
      if (dropped) URL.revokeObjectURL(dropped.url);
      setMedia((m) => toggleRemoved(m, key));
    },
    /** A picked file the save stored: a retried save names it instead of sending it again. */
    stored: (key: string, file: StoredMediaFile) =>
      setMedia((m) => m.map((e) => (e.key === key ? { ...e, stored: file } : e))),
    /** The question saved with its media: the dropped ones are gone, the new ones are its stored items. */
    saved: () => {
      for (const e of now.current) if (e.origin === 'new') URL.revokeObjectURL(e.url);
      setMedia((m) =>
        m.flatMap((e) => {
          if (e.removed) return [];
          if (e.origin === 'new' && e.stored) return [uploadedEntry(e, { uuid: e.key, ...e.stored })];
          return [e];
        }),
      );
    },
  };
}
