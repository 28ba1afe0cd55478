// Makes the app's icons (192 and 512 px, plus a maskable 512 with a safe zone)
// from one SVG. Run once when the logo changes: node apps/web/scripts/generate-icons.mjs
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';

const out = new URL('../public/icons/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });

const logo = (size, padding) => {
  const inner = size - padding * 2;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
  <rect width="${size}" height="${size}" fill="#0b1120"/>
  <g transform="translate(${padding} ${padding}) scale(${inner / 100})">
    <path d="M8 58 C 22 34, 36 34, 50 58 S 78 82, 92 58" fill="none" stroke="#60a5fa" stroke-width="11" stroke-linecap="round"/>
    <path d="M8 38 C 22 14, 36 14, 50 38 S 78 62, 92 38" fill="none" stroke="#f1f5f9" stroke-width="7" stroke-linecap="round"/>
  </g>
</svg>`);
};

await sharp(logo(192, 24)).png().toFile(`${out}icon-192.png`);
await sharp(logo(512, 64)).png().toFile(`${out}icon-512.png`);
// Maskable: the logo stays inside the central 80% safe zone.
await sharp(logo(512, 110)).png().toFile(`${out}icon-maskable-512.png`);
await sharp(logo(180, 22)).png().toFile(`${out}apple-touch-icon.png`);
await sharp(logo(64, 6)).png().toFile(`${out}favicon-64.png`);
console.log(`icons written to ${out}`);
