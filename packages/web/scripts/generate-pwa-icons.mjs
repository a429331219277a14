// Renders the app icons of the web manifest (192 and 512 px, plus maskable variants with the
// safe-zone padding) from the Perch mark, using the Chromium the end-to-end tests use.
// Run from the repository root: node packages/web/scripts/generate-pwa-icons.mjs
import { chromium } from '@playwright/test';
import { fileURLToPath } from 'node:url';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const mark = (inset) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="${inset ? 0 : 14}" fill="#1c7ed6"/>
  <g transform="translate(${inset} ${inset}) scale(${(64 - 2 * inset) / 64})">
    <path d="M14 40h36M20 40v10M44 40v10" stroke="#fff" stroke-width="5" stroke-linecap="round"/>
    <circle cx="32" cy="24" r="9" fill="#fff"/>
  </g>
</svg>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage();
for (const size of [192, 512]) {
  for (const [suffix, inset] of [
    ['', 0],
    ['-maskable', 8],
  ]) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${mark(inset)}`,
    );
    await page.screenshot({ path: `${publicDir}icon-${size}${suffix}.png`, omitBackground: true });
  }
}
await browser.close();
console.log('icons written to', publicDir);
