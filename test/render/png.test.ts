import { createCanvas, loadImage } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { encodePng } from "../../src/render/charts/_png.js";

/** The RGBA pixels of a PNG as Skia decodes it. */
async function decode(png: Uint8Array): Promise<{ width: number; height: number; pixels: number[] }> {
  const img = await loadImage(png);
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(img, 0, 0);
  return {
    width: img.width,
    height: img.height,
    pixels: [...ctx.getImageData(0, 0, img.width, img.height).data],
  };
}

describe("encodePng", () => {
  it("writes opaque RGBA pixels that decode to the same bytes", async () => {
    // 3×2: red, green, blue / white, black, a grey; every alpha 255.
    const pixels = [
      [255, 0, 0, 255],
      [0, 255, 0, 255],
      [0, 0, 255, 255],
      [255, 255, 255, 255],
      [0, 0, 0, 255],
      [128, 64, 32, 255],
    ].flat();
    const png = await encodePng(Uint8Array.from(pixels), 3, 2);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(await decode(png)).toEqual({ width: 3, height: 2, pixels });
  });

  it("round-trips a drawn canvas, rows in order", async () => {
    const canvas = createCanvas(40, 30);
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, 40, 30);
    ctx.fillStyle = "#1f6feb";
    ctx.fillRect(5, 20, 30, 10); // bottom band only: a flipped or shifted image would differ
    const png = await encodePng(canvas.data(), canvas.width, canvas.height);
    const { pixels } = await decode(png);
    expect(pixels).toEqual([...canvas.data()]);
    expect(pixels.slice(0, 4)).toEqual([255, 255, 255, 255]);
    expect(pixels.slice((25 * 40 + 10) * 4, (25 * 40 + 10) * 4 + 4)).toEqual([0x1f, 0x6f, 0xeb, 255]);
  });

  it("refuses pixels that do not match the size", async () => {
    await expect(encodePng(new Uint8Array(10), 2, 2)).rejects.toThrow("10 bytes are not 2×2 RGBA pixels");
  });
});
