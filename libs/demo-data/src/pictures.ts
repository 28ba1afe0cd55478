import type { DemoPicture } from './generate';
import { DemoRandom } from './random';

/**
 * What each kind of picture measures, in pixels: small enough to draw in
 * milliseconds, and narrower than media's display width (it keeps a WebP that
 * size as it is, with no second copy).
 */
export const DEMO_PICTURE_SIZES: Record<DemoPicture['kind'], { width: number; height: number }> = {
  avatar: { width: 256, height: 256 },
  icon: { width: 256, height: 256 },
  cover: { width: 960, height: 320 },
  art: { width: 720, height: 480 },
};

export interface RenderedPicture {
  data: Buffer;
  contentType: 'image/webp';
}

const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The picture as SVG: a gradient, soft shapes from its seed, and initials on avatars and icons. */
export function demoPictureSvg(picture: DemoPicture): string {
  const random = new DemoRandom(picture.seed);
  const { width, height } = DEMO_PICTURE_SIZES[picture.kind];
  const [dark, bright, light] = picture.palette;
  const shapes: string[] = [];
  if (picture.kind === 'cover' || picture.kind === 'art') {
    // Rolling hills of colour, back to front.
    const layers = picture.kind === 'art' ? 5 : 3;
    for (let layer = 0; layer < layers; layer += 1) {
      const base = height * (0.35 + (0.55 * layer) / layers);
      const amplitude = height * (0.05 + random.next() * 0.12);
      const phase = random.next() * Math.PI * 2;
      const waves = 1 + random.int(1, 3);
      const points = Array.from({ length: 25 }, (_, index) => {
        const x = (width * index) / 24;
        const y = base + amplitude * Math.sin(phase + (waves * Math.PI * index) / 24);
        return `${x.toFixed(1)},${y.toFixed(1)}`;
      });
      const colour = [bright, light, dark][layer % 3];
      const opacity = (0.35 + 0.5 * (layer / layers)).toFixed(2);
      shapes.push(
        `<polygon points="0,${height} ${points.join(' ')} ${width},${height}" fill="${colour}" fill-opacity="${opacity}"/>`,
      );
    }
  }
  const circles = picture.kind === 'art' ? 9 : 4;
  for (let index = 0; index < circles; index += 1) {
    const radius = Math.min(width, height) * (0.05 + random.next() * 0.3);
    shapes.push(
      `<circle cx="${(random.next() * width).toFixed(1)}" cy="${(random.next() * height).toFixed(1)}" r="${radius.toFixed(1)}" fill="${random.pick([bright, light])}" fill-opacity="${(0.12 + random.next() * 0.25).toFixed(2)}"/>`,
    );
  }
  if (picture.initials) {
    shapes.push(
      `<text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="${Math.round(height * 0.4)}" fill="#ffffff">${escapeXml(picture.initials)}</text>`,
    );
  }
  const angle = random.int(0, 359);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)">` +
    `<stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${bright}"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}</svg>`
  );
}

/** The picture as a WebP (sharp, loaded only by the seeds that draw). */
export async function renderDemoPicture(picture: DemoPicture): Promise<RenderedPicture> {
  const { default: sharp } = await import('sharp');
  const data = await sharp(Buffer.from(demoPictureSvg(picture)))
    .webp({ quality: 80, effort: 2 })
    .toBuffer();
  return { data, contentType: 'image/webp' };
}
