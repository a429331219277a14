import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrCodeSvg, qrFileName, spaceBookingUrl, svgDataUrl } from './space-links';

describe('a space’s booking link and QR code', () => {
  it('links to the search page with the area and the space, and no fixed day', () => {
    const url = new URL(spaceBookingUrl('https://perch.example.org', 'area-1', 'space-2'));
    expect(url.origin + url.pathname).toBe('https://perch.example.org/ui/search');
    expect([...url.searchParams]).toEqual([
      ['lid', 'area-1'],
      ['sid', 'space-2'],
    ]);
  });

  it('draws every dark module of the code inside a white quiet zone of four modules', () => {
    const text = 'https://perch.example.org/ui/search?lid=a&sid=b';
    const markup = qrCodeSvg(text);
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    const size = modules.size + 8;
    expect(markup).toContain(`viewBox="0 0 ${size} ${size}"`);
    let dark = 0;
    for (let r = 0; r < modules.size; r++) for (let c = 0; c < modules.size; c++) if (modules.get(r, c)) dark++;
    expect(markup.match(/h1v1h-1z/g)).toHaveLength(dark);
    // The top-left finder pattern starts right after the quiet zone.
    expect(markup).toContain('M4 4h1v1h-1z');
    expect(svgDataUrl(markup)).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
  });

  it('names the downloaded file after the area and the space, without characters file systems refuse', () => {
    expect(qrFileName('Floor 2', 'Desk 10', 'png')).toBe('QR Floor 2 – Desk 10.png');
    expect(qrFileName('A/B: "C"', 'Desk?*', 'svg')).toBe('QR A B C – Desk.svg');
  });
});
