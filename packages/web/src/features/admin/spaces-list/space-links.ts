import { create as createQrCode } from 'qrcode';

/**
 * The booking page of one space: the search page with the area (`lid`) and the space (`sid`)
 * and no time window, so whoever opens it — today, or whenever the printed code is scanned —
 * gets that day's default window from their preferences. The reference writes the same
 * parameters, so its QR codes keep working too. `t`, the space's check-in token, proves that
 * whoever opened the link stands at the space: it checks them in to their booking there.
 */
export function spaceBookingUrl(origin: string, areaId: string, spaceId: string, token?: string): string {
  const url = new URL('/ui/search', origin);
  url.searchParams.set('lid', areaId);
  url.searchParams.set('sid', spaceId);
  if (token) url.searchParams.set('t', token);
  return url.href;
}

/**
 * The code of a whole area, for its entrance: the search page on that area from now until the
 * end of the working day (`now=1`), listing what is free, each space one tap from booking. It
 * checks nobody in, so it carries no token.
 */
export function areaFreeNowUrl(origin: string, areaId: string): string {
  const url = new URL('/ui/search', origin);
  url.searchParams.set('lid', areaId);
  url.searchParams.set('now', '1');
  return url.href;
}

/**
 * A QR code of `text` as SVG markup: black modules on a white square with the standard quiet
 * zone of four modules, drawn as one path so it prints sharp at any size. Error correction M
 * (15 %) survives a scuffed or partly covered sticker.
 */
export function qrCodeSvg(text: string): string {
  const { modules } = createQrCode(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const size = modules.size + quiet * 2;
  let path = '';
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) path += `M${col + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">` +
    `<rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`
  );
}

/** The SVG as an address an `<img>` can show. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** A file name for a space's code: "QR Sample Floor – Desk 2.png", without characters file systems refuse. */
export function qrFileName(areaName: string, spaceName: string, extension: string): string {
  const base = `QR ${areaName} – ${spaceName}`
    .replace(/[\\/<>:"|?*]/g, ' ')
    .split('')
    .filter((c) => c.charCodeAt(0) >= 32)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return `${base}.${extension}`;
}

/** Draws the code's SVG as a PNG of `pixels` × `pixels` (for word processors and label printers). */
export function qrCodePng(svg: string, pixels: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = pixels;
      canvas.height = pixels;
      const context = canvas.getContext('2d');
      if (!context) {
        reject(new Error('No canvas'));
        return;
      }
      context.imageSmoothingEnabled = false;
      context.drawImage(image, 0, 0, pixels, pixels);
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No image'))), 'image/png');
    };
    image.onerror = () => reject(new Error('The QR code could not be drawn'));
    image.src = svgDataUrl(svg);
  });
}
