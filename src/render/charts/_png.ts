import { promisify } from "node:util";
import { constants, crc32, deflate, type ZlibOptions } from "node:zlib";

const deflateAsync = promisify<Buffer, ZlibOptions, Buffer>(deflate);

/**
 * zlib's fastest level. A 2× chart's compression at the default level (6) took more CPU than
 * drawing it (about 13 ms against 12 for a 1360×536 line chart), for files only a quarter smaller
 * (53 against 70 kB): at a month end, where charts are most of a report's Node time, the CPU
 * is worth more than the bytes (docs/jobs.md, "Throughput").
 */
const LEVEL = constants.Z_BEST_SPEED;

/** The eight bytes every PNG file starts with. */
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: length, type, data and the CRC-32 of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * A PNG of `width`×`height` RGBA pixels (8 bits a channel, rows top to bottom), compressed by
 * zlib off the main thread. Every row is stored unfiltered: a chart is flat colour, which zlib
 * compresses well as it is, so the filters Skia's encoder tries for each row cost time for a
 * larger file (docs/jobs.md, "Throughput": a 2× chart's PNG is the costliest step of a
 * report's workbook). The pixels must be opaque: a canvas stores them premultiplied, which
 * equals PNG's straight alpha only when alpha is 255 (charts draw on a white background).
 */
export async function encodePng(rgba: Uint8Array, width: number, height: number): Promise<Buffer> {
  const stride = width * 4;
  if (rgba.byteLength !== stride * height)
    throw new RangeError(`${rgba.byteLength} bytes are not ${width}×${height} RGBA pixels`);
  const pixels = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  // Each row is preceded by its filter type, 0 (None).
  const rows = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) pixels.copy(rows, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // colour type: RGBA (compression, filter and interlace methods stay 0)
  return Buffer.concat([
    SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", await deflateAsync(rows, { level: LEVEL })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
