import { text } from 'node:stream/consumers';
import { promisify } from 'node:util';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

const openBuffer = promisify<Buffer, yauzl.Options, ZipFile>(yauzl.fromBuffer);

/** The files of a zip, by name, as UTF-8 text (the exports hold text files only). */
export async function unzipText(archive: Buffer): Promise<Map<string, string>> {
  const zip = await openBuffer(archive, { lazyEntries: true });
  const openEntry = promisify<Entry, NodeJS.ReadableStream>(zip.openReadStream.bind(zip));
  const files = new Map<string, string>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      openEntry(entry)
        .then((stream) => text(stream))
        .then((content) => {
          files.set(entry.fileName, content);
          zip.readEntry();
        })
        .catch(reject);
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return files;
}
