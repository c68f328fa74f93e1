import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

/**
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture`, issue 46): a QR code of `text`, drawn
 * from its module matrix as black squares on white, in raw Y4M I420 frames. Chromium reads the file again at each
 * start of the camera, so a test may write another code to the same path between two scans.
 */
export function writeQrVideo(path: string, text: string, { width = 640, height = 480, frames = 5 } = {}) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  // A quiet zone of 4 modules on each side, as the standard asks.
  const scale = Math.floor(Math.min(width, height) / (size + 8));
  if (scale < 2) throw new Error(`a ${size}-module QR code does not fit ${width}×${height}`);
  const left = Math.floor((width - size * scale) / 2);
  const top = Math.floor((height - size * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!qr.modules.get(row, col)) continue;
      for (let y = 0; y < scale; y++) {
        luma.fill(
          16,
          (top + row * scale + y) * width + left + col * scale,
          (top + row * scale + y) * width + left + (col + 1) * scale,
        );
      }
    }
  }
  // No colour: both chroma planes (a quarter of the picture each) at their middle.
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
