import zlib from 'node:zlib';

/** The kinds of picture a demo question can show with its stem. */
export type DemoImageKind = 'ecg' | 'xray' | 'chart' | 'diagram';

const W = 320;
const H = 160;

type Rgb = [number, number, number];

/** A PNG of an RGB canvas (8 bits per channel, no filtering). */
function encodePng(pixels: Uint8Array): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(W, 0);
  ihdr.writeUInt32BE(H, 4);
  ihdr[8] = 8; // bits per channel
  ihdr[9] = 2; // RGB
  const rows = Buffer.alloc(H * (W * 3 + 1));
  for (let y = 0; y < H; y++) {
    rows[y * (W * 3 + 1)] = 0;
    Buffer.from(pixels.buffer, pixels.byteOffset + y * W * 3, W * 3).copy(rows, y * (W * 3 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', new Uint8Array()),
  ]);
}

function canvas(background: Rgb) {
  const px = new Uint8Array(W * H * 3);
  const set = (x: number, y: number, [r, g, b]: Rgb) => {
    if (x < 0 || y < 0 || x >= W || y >= H) return;
    const i = (Math.round(y) * W + Math.round(x)) * 3;
    px[i] = r;
    px[i + 1] = g;
    px[i + 2] = b;
  };
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) set(x, y, background);
  const rect = (x0: number, y0: number, w: number, h: number, c: Rgb) => {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) set(x, y, c);
  };
  /** A line two pixels thick. */
  const line = (x0: number, y0: number, x1: number, y1: number, c: Rgb) => {
    const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1);
    for (let i = 0; i <= steps; i++) {
      const x = x0 + ((x1 - x0) * i) / steps;
      const y = y0 + ((y1 - y0) * i) / steps;
      set(x, y, c);
      set(x + 1, y, c);
      set(x, y + 1, c);
    }
  };
  return { px, set, rect, line };
}

/** A rhythm strip: a pink grid and a trace with a QRS complex every 80 px. */
function ecg() {
  const c = canvas([255, 246, 246]);
  for (let x = 0; x < W; x += 8) c.line(x, 0, x, H - 1, x % 40 === 0 ? [240, 170, 170] : [250, 215, 215]);
  for (let y = 0; y < H; y += 8) c.line(0, y, W - 1, y, y % 40 === 0 ? [240, 170, 170] : [250, 215, 215]);
  const base = 96;
  let x = 0;
  let y = base;
  const to = (nx: number, ny: number) => {
    c.line(x, y, nx, ny, [20, 20, 20]);
    x = nx;
    y = ny;
  };
  while (x < W - 80) {
    to(x + 20, base);
    to(x + 6, base - 8); // P wave
    to(x + 6, base);
    to(x + 10, base);
    to(x + 3, base + 8); // Q
    to(x + 5, base - 70); // R
    to(x + 5, base + 18); // S
    to(x + 4, base);
    to(x + 12, base);
    to(x + 8, base - 14); // T wave
    to(x + 8, base);
  }
  to(W - 1, base);
  return c.px;
}

/** A chest film in outline: dark field, the lung fields lighter, the heart's shadow and the spine. */
function xray() {
  const c = canvas([18, 18, 22]);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const lung = (cx: number) => ((x - cx) / 62) ** 2 + ((y - 84) / 66) ** 2 < 1;
      if (lung(110) || lung(210)) c.set(x, y, [70, 72, 78]);
      if (((x - 176) / 44) ** 2 + ((y - 112) / 34) ** 2 < 1) c.set(x, y, [190, 190, 195]);
    }
  c.rect(154, 0, 12, H, [215, 215, 220]);
  for (let i = 0; i < 6; i++) c.line(60, 30 + i * 20, 150, 40 + i * 20, [150, 150, 160]);
  for (let i = 0; i < 6; i++) c.line(170, 40 + i * 20, 260, 30 + i * 20, [150, 150, 160]);
  return c.px;
}

/** A bar chart with axes. */
function chart() {
  const c = canvas([255, 255, 255]);
  c.line(30, 10, 30, H - 20, [40, 40, 40]);
  c.line(30, H - 20, W - 10, H - 20, [40, 40, 40]);
  const bars = [60, 95, 40, 120, 80, 105];
  for (const [i, h] of bars.entries())
    c.rect(48 + i * 44, H - 20 - h, 28, h, i % 2 ? [43, 116, 207] : [11, 79, 108]);
  return c.px;
}

/** A flow of three boxes joined by arrows. */
function diagram() {
  const c = canvas([250, 251, 252]);
  const box = (x: number, color: Rgb) => {
    c.rect(x, 55, 70, 50, color);
    c.rect(x + 3, 58, 64, 44, [255, 255, 255]);
  };
  box(20, [11, 79, 108]);
  box(125, [43, 116, 207]);
  box(230, [11, 79, 108]);
  for (const x of [90, 195]) {
    c.line(x, 80, x + 35, 80, [40, 40, 40]);
    c.line(x + 35, 80, x + 27, 74, [40, 40, 40]);
    c.line(x + 35, 80, x + 27, 86, [40, 40, 40]);
  }
  return c.px;
}

/** A small generated PNG of the kind, the same bytes every time (so it is stored once). */
export function demoImage(kind: DemoImageKind): Uint8Array {
  const draw = { ecg, xray, chart, diagram }[kind];
  return encodePng(draw());
}
