import { buffer } from "node:stream/consumers";
import { constants } from "node:zlib";
import { unzipSync } from "fflate";
import { ZipFile } from "yazl";

/** Members compressed already (a chart's PNG): stored as they are. */
const COMPRESSED = /\.(png|jpe?g|gif)$/i;

/**
 * The workbook exceljs wrote uncompressed (STORE), zipped again with Node's zlib at its fastest
 * level: exceljs compresses with JSZip's JavaScript deflate, most of a workbook's writing time,
 * where yazl deflates each member in libuv's pool (docs/jobs.md, "Throughput"). Every member's
 * sizes are in its header (no data descriptors, which streaming readers cannot use on stored
 * members); the members keep their order, each dated `mtime` (the report's), so the same view
 * gives the same bytes.
 */
export async function zipNatively(stored: Uint8Array, mtime: Date): Promise<Uint8Array> {
  const zip = new ZipFile();
  for (const [name, data] of Object.entries(unzipSync(stored))) {
    // JSZip lists each folder as a member of its own too.
    if (name.endsWith("/")) zip.addEmptyDirectory(name, { mtime });
    else
      zip.addBuffer(Buffer.from(data.buffer, data.byteOffset, data.byteLength), name, {
        mtime,
        compressionLevel: COMPRESSED.test(name) ? 0 : constants.Z_BEST_SPEED,
      });
  }
  zip.end();
  return buffer(zip.outputStream);
}
